-- Price tables (requirements §3, architecture.md §4 'Prices'): amounts in integer cents, periods of inclusive calendar
-- days. No two rows of a table (of one ICAO code for airports) share a day: exclusion constraints on the
-- inclusive daterange, so that two concurrent writes cannot both pass (btree_gist gives text `=` a GiST
-- operator class; PGlite ships it and api/db/client.ts loads it).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "airport_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"icao_code" text NOT NULL,
	"airport_name" text NOT NULL,
	"price_with_de_icing_cents" integer NOT NULL,
	"price_without_de_icing_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airport_costs_period" CHECK ("from_date" < "to_date"),
	CONSTRAINT "airport_costs_icao" CHECK ("icao_code" ~ '^[A-Z]{4}$'),
	CONSTRAINT "airport_costs_name" CHECK (length("airport_name") between 1 and 100),
	CONSTRAINT "airport_costs_prices" CHECK ("price_with_de_icing_cents" between 0 and 100000000 and "price_without_de_icing_cents" between 1 and 100000000),
	CONSTRAINT "airport_costs_no_overlap" EXCLUDE USING gist ("icao_code" WITH =, daterange("from_date", "to_date", '[]') WITH &&)
);
--> statement-breakpoint
CREATE TABLE "flight_unit_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"price_jet_with_ocs_cents" integer NOT NULL,
	"price_jet_without_ocs_cents" integer NOT NULL,
	"price_turboprop_with_ocs_cents" integer NOT NULL,
	"price_turboprop_without_ocs_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_unit_costs_period" CHECK ("from_date" < "to_date"),
	CONSTRAINT "flight_unit_costs_prices" CHECK (least("price_jet_with_ocs_cents", "price_jet_without_ocs_cents", "price_turboprop_with_ocs_cents", "price_turboprop_without_ocs_cents") >= 1 and greatest("price_jet_with_ocs_cents", "price_jet_without_ocs_cents", "price_turboprop_with_ocs_cents", "price_turboprop_without_ocs_cents") <= 100000000),
	CONSTRAINT "flight_unit_costs_no_overlap" EXCLUDE USING gist (daterange("from_date", "to_date", '[]') WITH &&)
);
--> statement-breakpoint
CREATE TABLE "market_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_numbers_period" CHECK ("from_date" < "to_date"),
	CONSTRAINT "market_numbers_value" CHECK (length("value") between 1 and 100),
	CONSTRAINT "market_numbers_no_overlap" EXCLUDE USING gist (daterange("from_date", "to_date", '[]') WITH &&)
);
--> statement-breakpoint
CREATE TABLE "passenger_meal_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passenger_meal_costs_period" CHECK ("from_date" < "to_date"),
	CONSTRAINT "passenger_meal_costs_price" CHECK ("price_cents" between 1 and 100000000),
	CONSTRAINT "passenger_meal_costs_no_overlap" EXCLUDE USING gist (daterange("from_date", "to_date", '[]') WITH &&)
);
--> statement-breakpoint
CREATE TABLE "regulation_costs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regulation_costs_period" CHECK ("from_date" < "to_date"),
	CONSTRAINT "regulation_costs_price" CHECK ("price_cents" between 1 and 100000000),
	CONSTRAINT "regulation_costs_no_overlap" EXCLUDE USING gist (daterange("from_date", "to_date", '[]') WITH &&)
);
