-- The billing check (issue 26, decision 033). Additive only: an instance of the previous release keeps
-- working on this schema during a rolling upgrade (it leaves net_cents null, which the check reads as
-- unknown until the next sync rebuilds the row).
-- The net amount (HT) of an invoice or credit note, in integer cents, as a positive value like the
-- gross amounts: what the check compares with the price tables, which are net of tax.
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "net_cents" integer;--> statement-breakpoint
-- The check finds a mission's invoices by Leon's link to the trip.
CREATE INDEX IF NOT EXISTS "invoices_requester_trip" ON "invoices" ("requester_trip_number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_date" ON "invoices" ("invoice_date");--> statement-breakpoint
-- The ADMIN's settings of the check: one row; every write audited by the API.
CREATE TABLE IF NOT EXISTS "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tolerance_basis_points" integer DEFAULT 100 NOT NULL,
	"tolerance_cents" integer DEFAULT 1000 NOT NULL,
	"unbilled_after_days" integer DEFAULT 15 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_one_row" CHECK ("id" = 1),
	CONSTRAINT "billing_settings_ranges" CHECK ("tolerance_basis_points" between 0 and 10000
		and "tolerance_cents" between 0 and 10000000 and "unbilled_after_days" between 0 and 365)
);--> statement-breakpoint
INSERT INTO "billing_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
