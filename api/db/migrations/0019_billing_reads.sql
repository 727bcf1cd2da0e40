-- The billing check's reads (issue 26, decision 033): each record of a period looks up its mission's
-- invoices summed, and each invoice of the period whether its trip is a live mission. Both answered from
-- the index alone (index-only scans), without a visit to the table. Additive but for the index it replaces.
-- A trip's invoices with what their sum reads (type, net, gross amounts); replaces invoices_requester_trip
-- (0016), whose key it has.
CREATE INDEX IF NOT EXISTS "invoices_trip_amounts" ON "invoices" ("requester_trip_number")
	INCLUDE ("invoice_type", "net_cents", "debit_cents", "credit_cents");--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_requester_trip";--> statement-breakpoint
-- The live missions' trip numbers: an invoice whose trip is none of them is 'Facture sans mission'.
CREATE INDEX IF NOT EXISTS "missions_live_trip" ON "missions" ("trip_number") WHERE "deleted_at" IS NULL;
