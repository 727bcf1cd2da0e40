-- Statistics (issue #12, decision 015): one record per mission in scope (TERMINEE, CLOTUREE,
-- ANNULEE_45_MOINS), kept by a trigger on missions so that every write path (sync, edit, delete, a later
-- one) creates or retires it; the hospital visibility flag moves here from missions.
CREATE TYPE "invoice_status" AS ENUM('TO_BE_EDITED', 'EDITED', 'INVOICE_SENT', 'DROPED_ON_CHORUS', 'PAID', 'NOT_APPLICABLE');
--> statement-breakpoint
CREATE TABLE "statistics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"flight_status" "invoice_status" DEFAULT 'TO_BE_EDITED' NOT NULL,
	"airport_status" "invoice_status" DEFAULT 'TO_BE_EDITED' NOT NULL,
	"show_for_hospital" boolean DEFAULT false NOT NULL,
	"flight_invoice_id" text,
	"airport_invoice_id" text,
	"flight_pdf_key" text,
	"flight_pdf_name" text,
	"airport_pdf_key" text,
	"airport_pdf_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statistics_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "missions"("id"),
	CONSTRAINT "statistics_mission" UNIQUE ("mission_id"),
	CONSTRAINT "statistics_flight_pdf_key" UNIQUE ("flight_pdf_key"),
	CONSTRAINT "statistics_airport_pdf_key" UNIQUE ("airport_pdf_key")
);
--> statement-breakpoint
CREATE INDEX "statistics_active_mission" ON "statistics" ("mission_id") WHERE "active";
--> statement-breakpoint
-- The statistics list walks missions newest first and stops at its page (decision 015).
CREATE INDEX "missions_departure_desc" ON "missions" ("departure_date_time" DESC NULLS LAST, "id" DESC);
--> statement-breakpoint
CREATE FUNCTION "statistics_follow_mission"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."deleted_at" IS NULL AND NEW."status" IN ('TERMINEE', 'CLOTUREE', 'ANNULEE_45_MOINS') THEN
		INSERT INTO "statistics" ("mission_id") VALUES (NEW."id")
		ON CONFLICT ("mission_id") DO UPDATE SET "active" = true, "updated_at" = now()
		WHERE NOT "statistics"."active";
	ELSE
		UPDATE "statistics" SET "active" = false, "updated_at" = now()
		WHERE "mission_id" = NEW."id" AND "active";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "missions_statistics" AFTER INSERT OR UPDATE OF "status", "deleted_at" ON "missions"
	FOR EACH ROW EXECUTE FUNCTION "statistics_follow_mission"();
--> statement-breakpoint
INSERT INTO "statistics" ("mission_id", "show_for_hospital")
	SELECT "id", "show_for_hospital" FROM "missions"
	WHERE "deleted_at" IS NULL AND "status" IN ('TERMINEE', 'CLOTUREE', 'ANNULEE_45_MOINS');
--> statement-breakpoint
ALTER TABLE "missions" DROP COLUMN "show_for_hospital";
