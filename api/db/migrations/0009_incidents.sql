-- Incidents (issue #13): Leon's safety reports with the back-office's proposed action and validation, their
-- attachments copied into the file storage (a copy that fails waits here and is tried again at every run),
-- the incident sync's own Leon timestamp, and what each sync run did with incidents.
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"leon_report_nid" integer NOT NULL,
	"report_number" text NOT NULL,
	"trip_number" text,
	"declared_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cause" text NOT NULL,
	"leon_status" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"response" text,
	"response_by" uuid,
	"response_at" timestamp with time zone,
	"validated_by" uuid,
	"validated_at" timestamp with time zone,
	"leon_updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_leon_report_nid_unique" UNIQUE("leon_report_nid"),
	CONSTRAINT "incidents_status" CHECK ("status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "incidents_leon_status" CHECK ("leon_status" in ('OPEN', 'CLOSED')),
	CONSTRAINT "incidents_response" CHECK ("response" is null or length("response") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_response_by_users_id_fk" FOREIGN KEY ("response_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incidents_declared" ON "incidents" USING btree ("declared_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "incidents_trip_number" ON "incidents" USING btree ("trip_number");--> statement-breakpoint
CREATE INDEX "incidents_open" ON "incidents" USING btree ("status") WHERE "deleted_at" is null;--> statement-breakpoint
CREATE TABLE "incident_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"leon_attachment_nid" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"source_url" text NOT NULL,
	"storage_key" text,
	"size" integer,
	"copied_at" timestamp with time zone,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incident_attachments_leon_attachment_nid_unique" UNIQUE("leon_attachment_nid")
);
--> statement-breakpoint
ALTER TABLE "incident_attachments" ADD CONSTRAINT "incident_attachments_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_attachments_incident" ON "incident_attachments" USING btree ("incident_id","position");--> statement-breakpoint
CREATE INDEX "incident_attachments_pending" ON "incident_attachments" USING btree ("leon_attachment_nid") WHERE "storage_key" is null;--> statement-breakpoint
CREATE TABLE "incident_sync_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_timestamp" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_runs" ADD COLUMN "incidents" jsonb;
