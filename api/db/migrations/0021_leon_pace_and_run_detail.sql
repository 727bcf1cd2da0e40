-- Issue 54. Additive only: an instance of the previous release keeps working on this schema during a
-- rolling upgrade (it paces its own requests and leaves the new column null).
-- The requests sent to Leon in the last hour, by every API instance: one budget for all of them (decision
-- 061). Rows older than an hour are deleted as requests are counted.
CREATE TABLE IF NOT EXISTS "leon_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leon_requests_sent" ON "leon_requests" ("sent_at");--> statement-breakpoint
-- Leon's own words (English) when a run failed on Leon's answer: shown to ADMIN only, the French reason
-- to everyone.
ALTER TABLE "sync_runs" ADD COLUMN IF NOT EXISTS "leon_detail" text;
