DROP INDEX "missions_trip_number_trgm";--> statement-breakpoint
DROP INDEX "missions_buyer_trgm";--> statement-breakpoint
DROP INDEX "missions_cristal_trgm";--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(trip_number, '') || chr(31) || coalesce(buyer_name, '') || chr(31) || coalesce(number_of_cristal::text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "missions_search_trgm" ON "missions" USING gin ("search_text" gin_trgm_ops);