-- Sync failures (decision 009): every run is recorded, ok or failed with its reason, with the trips it
-- skipped; skipped trips wait in leon_skipped_trips and are read again at every run until stored.
ALTER TABLE "sync_runs" ADD COLUMN "status" text DEFAULT 'ok' NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "skipped" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_status" CHECK ("sync_runs"."status" in ('ok', 'failed'));--> statement-breakpoint
-- Runs recorded before this migration all ran (a failed run wrote no row); their errors were skipped trips.
UPDATE "sync_runs" SET "skipped" = (
	SELECT coalesce(jsonb_agg(jsonb_build_object(
		'tripNumber', e->'tripNumber', 'tripNid', null, 'flightNid', null, 'reason', coalesce(e->>'message', '')
	)), '[]'::jsonb)
	FROM jsonb_array_elements("sync_runs"."errors") AS e
) WHERE jsonb_array_length("errors") > 0;--> statement-breakpoint
CREATE INDEX "sync_runs_started" ON "sync_runs" USING btree ("started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE TABLE "leon_skipped_trips" (
	"trip_number" text PRIMARY KEY NOT NULL,
	"trip_nid" integer,
	"flight_nid" integer,
	"reason" text NOT NULL,
	"first_skipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_skipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- Trips that earlier runs reported were never read again: they wait now, and the next run reads them (one
-- stored since then simply stops waiting).
INSERT INTO "leon_skipped_trips" ("trip_number", "reason", "first_skipped_at", "last_skipped_at", "attempts")
SELECT e->>'tripNumber', (array_agg(coalesce(e->>'message', '') ORDER BY r."started_at" DESC))[1],
	min(r."started_at"), max(r."started_at"), count(*)
FROM "sync_runs" AS r, jsonb_array_elements(r."errors") AS e
WHERE coalesce(e->>'tripNumber', '') <> ''
GROUP BY e->>'tripNumber';
