-- The outbox becomes a delivery queue: requests queue mail, a relay sends it and retries failures.
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
-- Messages queued before this migration were delivered (or logged) when they were written.
UPDATE "outbox" SET "sent_at" = "created_at", "attempts" = 1;--> statement-breakpoint
CREATE INDEX "outbox_pending" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null;
