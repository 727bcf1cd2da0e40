-- The oldest-first order of the 'En attente' and 'En cours' lists (departure ascending, nulls last, then id),
-- read in order from an index (issue 28): at a million missions the requested list (two statuses, about
-- 285,000 rows) sorted its whole category for each page, about 380 ms. missions_departure_desc (0008),
-- read backwards, gives nulls first, not last. Additive.
CREATE INDEX IF NOT EXISTS "missions_departure_asc" ON "missions" ("departure_date_time" ASC NULLS LAST, "id" ASC);
