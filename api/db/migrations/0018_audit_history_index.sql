-- A record's history (issue 25, decision 036) reads its audit rows newest first, a page at a time: this
-- index gives them in that order for one entity and id. Additive only.
CREATE INDEX IF NOT EXISTS "audit_log_entity_time" ON "audit_log" ("entity", "entity_id", "at" DESC);
