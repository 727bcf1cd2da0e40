-- What a statistics page reads (issue 12, decision 025).
-- 1. The list filters, orders and counts on `statistics` alone: the mission's status, hospital, departure
-- and organs are copied onto its record by the trigger of 0008, which now also follows those columns.
-- Before, every count joined 43,000 records to 100,000 missions and a far page walked missions newest
-- first, looking each one up in `statistics`.
ALTER TABLE "statistics" ADD COLUMN "mission_status" "mission_status";--> statement-breakpoint
ALTER TABLE "statistics" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "statistics" ADD COLUMN "departure_date_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statistics" ADD COLUMN "organ_type" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "statistics" SET
	"mission_status" = m."status",
	"buyer_name" = m."buyer_name",
	"departure_date_time" = m."departure_date_time",
	"organ_type" = m."organ_type"
FROM "missions" m WHERE m."id" = "statistics"."mission_id";--> statement-breakpoint
ALTER TABLE "statistics" ALTER COLUMN "mission_status" SET NOT NULL;--> statement-breakpoint
-- An active record's copies are its mission's: the insert and the reactivation write them, and so does
-- any change of them while it is active. A retired record is not listed; it is brought up to date when
-- its mission re-enters the scope. `updated_at` keeps telling when the record itself changed.
CREATE OR REPLACE FUNCTION "statistics_follow_mission"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."deleted_at" IS NULL AND NEW."status" IN ('TERMINEE', 'CLOTUREE', 'ANNULEE_45_MOINS') THEN
		INSERT INTO "statistics" ("mission_id", "mission_status", "buyer_name", "departure_date_time", "organ_type")
		VALUES (NEW."id", NEW."status", NEW."buyer_name", NEW."departure_date_time", NEW."organ_type")
		ON CONFLICT ("mission_id") DO UPDATE SET
			"active" = true,
			"mission_status" = EXCLUDED."mission_status",
			"buyer_name" = EXCLUDED."buyer_name",
			"departure_date_time" = EXCLUDED."departure_date_time",
			"organ_type" = EXCLUDED."organ_type",
			"updated_at" = CASE WHEN "statistics"."active" THEN "statistics"."updated_at" ELSE now() END
		WHERE NOT "statistics"."active"
			OR ("statistics"."mission_status", "statistics"."buyer_name", "statistics"."departure_date_time", "statistics"."organ_type")
				IS DISTINCT FROM (EXCLUDED."mission_status", EXCLUDED."buyer_name", EXCLUDED."departure_date_time", EXCLUDED."organ_type");
	ELSE
		UPDATE "statistics" SET "active" = false, "updated_at" = now()
		WHERE "mission_id" = NEW."id" AND "active";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "missions_statistics" ON "missions";--> statement-breakpoint
CREATE TRIGGER "missions_statistics"
	AFTER INSERT OR UPDATE OF "status", "deleted_at", "buyer_name", "departure_date_time", "organ_type" ON "missions"
	FOR EACH ROW EXECUTE FUNCTION "statistics_follow_mission"();--> statement-breakpoint
-- The list's order, newest first, and its period filter; a page is read off it and stops at its end.
CREATE INDEX "statistics_list" ON "statistics" ("departure_date_time" DESC NULLS LAST, "mission_id" DESC) WHERE "active";--> statement-breakpoint
-- The hospital filter, and a HOSPITAL user's scope, in the list's order.
CREATE INDEX "statistics_buyer_list" ON "statistics" ("buyer_name", "departure_date_time" DESC NULLS LAST, "mission_id" DESC) WHERE "active";--> statement-breakpoint
-- The organ filter (organ_type @> array[$1]).
CREATE INDEX "statistics_organ_type_gin" ON "statistics" USING gin ("organ_type") WHERE "active";--> statement-breakpoint
-- 2. The price book's version: one row, bumped in the writer's transaction by every statement that writes
-- one of the four tables the cost engine reads. A process keeps the book it last read and reads this row
-- beside each page's count: the same version is the same book, so the four tables are not read again.
CREATE TABLE "price_book_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "price_book_version_one" CHECK ("id")
);--> statement-breakpoint
INSERT INTO "price_book_version" ("id", "version") VALUES (true, 1);--> statement-breakpoint
CREATE FUNCTION "price_book_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "price_book_version" SET "version" = "version" + 1;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "flight_unit_costs_price_book" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "flight_unit_costs"
	FOR EACH STATEMENT EXECUTE FUNCTION "price_book_changed"();--> statement-breakpoint
CREATE TRIGGER "regulation_costs_price_book" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "regulation_costs"
	FOR EACH STATEMENT EXECUTE FUNCTION "price_book_changed"();--> statement-breakpoint
CREATE TRIGGER "passenger_meal_costs_price_book" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "passenger_meal_costs"
	FOR EACH STATEMENT EXECUTE FUNCTION "price_book_changed"();--> statement-breakpoint
CREATE TRIGGER "airport_costs_price_book" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "airport_costs"
	FOR EACH STATEMENT EXECUTE FUNCTION "price_book_changed"();
