-- Background jobs claimed in the database, and the sync's write fence (issue 24). Additive only: an
-- instance of the previous release keeps working on this schema during a rolling upgrade.
CREATE TABLE IF NOT EXISTS "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_instance" text,
	"last_error" text
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sync_lease" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"run_id" uuid,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "sync_lease" ("id", "run_id") VALUES (1, NULL) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The pruning job (api/auth, api/lib/mail.ts) finds expired rows by these.
CREATE INDEX IF NOT EXISTS "refresh_tokens_expires" ON "refresh_tokens" ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "password_reset_codes_expires" ON "password_reset_codes" ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outbox_sent" ON "outbox" ("sent_at") WHERE "sent_at" IS NOT NULL;
