CREATE TYPE "public"."aircraft_type" AS ENUM('ND', 'JET', 'TURBOPROP');--> statement-breakpoint
CREATE TYPE "public"."mission_status" AS ENUM('EN_ATTENTE', 'PROGRAMMEE', 'EN_COURS', 'ANNULEE_45_PLUS', 'ANNULEE_45_MOINS', 'TERMINEE', 'CLOTUREE');--> statement-breakpoint
CREATE TABLE "leon_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_timestamp" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_legs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"flight_nid" integer NOT NULL,
	"position" integer NOT NULL,
	"is_cnl" boolean DEFAULT false NOT NULL,
	"flight_no" text,
	"std_utc" timestamp with time zone NOT NULL,
	"sta_utc" timestamp with time zone NOT NULL,
	"bloff_utc" timestamp with time zone,
	"blon_utc" timestamp with time zone,
	"adep_icao" text NOT NULL,
	"adep_name" text NOT NULL,
	"ades_icao" text NOT NULL,
	"ades_name" text NOT NULL,
	"registration" text,
	"passenger_count" integer,
	"crew" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "mission_legs_flight_nid_unique" UNIQUE("flight_nid")
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_nid" integer,
	"trip_number" text,
	"status" "mission_status" DEFAULT 'EN_ATTENTE' NOT NULL,
	"status_set_by_staff" boolean DEFAULT false NOT NULL,
	"aircraft_type" "aircraft_type" DEFAULT 'ND' NOT NULL,
	"aircraft_type_set_by_staff" boolean DEFAULT false NOT NULL,
	"buyer_name" text,
	"number_of_cristal" integer,
	"organ_type" text,
	"number_of_meals" integer,
	"is_with_icing" boolean,
	"is_with_ocs" boolean,
	"airport_de_icing" text[] DEFAULT '{}'::text[] NOT NULL,
	"departure_date_time" timestamp with time zone,
	"show_for_hospital" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"leon_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mission_legs" ADD CONSTRAINT "mission_legs_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_legs_mission" ON "mission_legs" USING btree ("mission_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "missions_trip_number" ON "missions" USING btree ("trip_number");--> statement-breakpoint
CREATE INDEX "missions_status_departure" ON "missions" USING btree ("status","departure_date_time");--> statement-breakpoint
CREATE INDEX "missions_buyer_departure" ON "missions" USING btree ("buyer_name","departure_date_time");--> statement-breakpoint
CREATE INDEX "missions_trip_number_trgm" ON "missions" USING gin ("trip_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "missions_buyer_trgm" ON "missions" USING gin ("buyer_name" gin_trgm_ops);