-- Invoices (requirements §3 'Invoice export row', decision 018): one accounting row per Leon sales invoice or
-- credit note, keyed by Leon's id; amounts in integer cents; ERROR rows carry their French reason.
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"leon_invoice_nid" integer NOT NULL,
	"status" text NOT NULL,
	"invoice_type" text NOT NULL,
	"error_message" text,
	"society" text,
	"journal" text,
	"invoice_date" date,
	"invoice_number" text,
	"invoice_number2" text,
	"quote_request_id" text,
	"general_account" text,
	"phone_book_contact_code" text,
	"requester_trip_number" text,
	"invoice_due_date" date,
	"debit_cents" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"type" text,
	"invoice_tag" text,
	"section2" text,
	"section3" text,
	"aircraft_registration" text,
	"section5" text,
	"tax" text,
	"departure_date" date,
	"requester" text,
	"address1" text,
	"address2" text,
	"postal_code" text,
	"city" text,
	"work_email" text,
	"work_phone" text,
	"invoice_id1" text,
	"invoice_id2" text,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_leon_invoice_nid_unique" UNIQUE("leon_invoice_nid"),
	CONSTRAINT "invoices_status" CHECK ("status" in ('PENDING', 'ERROR', 'SUCCESS')),
	CONSTRAINT "invoices_amounts" CHECK ("debit_cents" >= 0 and "credit_cents" >= 0),
	CONSTRAINT "invoices_error" CHECK (("status" = 'ERROR') = ("error_message" is not null))
);
--> statement-breakpoint
CREATE INDEX "invoices_status_date" ON "invoices" USING btree ("status","invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_newest" ON "invoices" USING btree ("invoice_date","leon_invoice_nid");--> statement-breakpoint
CREATE TABLE "leon_invoice_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_timestamp" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
