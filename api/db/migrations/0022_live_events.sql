-- The change feed (issue 50, docs/decisions/059). Every audited write publishes an event in its own
-- transaction: a deferred trigger on audit_log (and on sync_runs, which the journal shows) writes one
-- row of live_events at commit and signals the channel 'live_events' once per transaction. The trigger
-- first takes a transaction lock, so that events get their ids in commit order: once an event is
-- visible, every event of a smaller id is committed, and a reader that has seen id N misses nothing by
-- reading ids above N. The rows are the short history a client that reconnects reads again; older ones
-- are pruned, and live_history.pruned_through says up to which id.
-- audience: 'hospital' (staff, and HOSPITAL users of one of `hospitals`), 'staff', 'billing' (ADMIN and
-- ACCOUNTING), 'admin', 'internal' (never sent: the API's own use, e.g. a session ended).
CREATE SEQUENCE "live_events_id";--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"audience" text NOT NULL,
	"hospitals" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "live_events_audience" CHECK ("audience" in ('hospital', 'staff', 'billing', 'admin', 'internal'))
);--> statement-breakpoint
CREATE INDEX "live_events_at" ON "live_events" ("at");--> statement-breakpoint
CREATE TABLE "live_history" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"pruned_through" bigint NOT NULL,
	CONSTRAINT "live_history_one" CHECK ("id")
);--> statement-breakpoint
INSERT INTO "live_history" ("id", "pruned_through") VALUES (true, 0);--> statement-breakpoint
CREATE FUNCTION "live_uuid"(value text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN value ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
		THEN value::uuid END
$$;--> statement-breakpoint
CREATE FUNCTION "live_publish"(p_entity text, p_entity_id text, p_action text, p_audience text, p_hospitals text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(7261059);
	INSERT INTO "live_events" ("id", "entity", "entity_id", "action", "audience", "hospitals")
		VALUES (nextval('live_events_id'), p_entity, p_entity_id, p_action, p_audience,
			coalesce(array_remove(p_hospitals, NULL), '{}'::text[]));
	PERFORM pg_notify('live_events', '');
END
$$;--> statement-breakpoint
CREATE FUNCTION "live_event_of_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_id uuid := live_uuid(NEW.entity_id);
	v_hospitals text[] := '{}'::text[];
	v_audience text;
BEGIN
	CASE NEW.entity
	WHEN 'mission' THEN
		v_audience := 'hospital';
		SELECT array[m.buyer_name] INTO v_hospitals FROM missions m WHERE m.id = v_id;
		IF v_hospitals IS NULL OR v_hospitals = array[NULL]::text[] THEN
			v_hospitals := array[coalesce(NEW.after->>'buyerName', NEW.before->>'buyerName')];
		END IF;
	WHEN 'statistic' THEN
		v_audience := 'hospital';
		-- Its hospital is told only of a row it sees, or saw before this change.
		SELECT CASE WHEN s.show_for_hospital OR coalesce((NEW.before->>'showForHospital')::boolean, false)
			THEN array[s.buyer_name] ELSE '{}'::text[] END
			INTO v_hospitals FROM statistics s WHERE s.id = v_id;
	WHEN 'incident' THEN
		v_audience := 'hospital';
		SELECT array_agg(m.buyer_name) INTO v_hospitals
			FROM incidents i JOIN missions m ON m.trip_number = i.trip_number
			WHERE i.id = v_id AND m.deleted_at IS NULL;
	WHEN 'invoice' THEN v_audience := 'billing';
	WHEN 'billing_settings' THEN v_audience := 'billing';
	WHEN 'user' THEN v_audience := 'admin';
	WHEN 'session' THEN v_audience := 'internal';
	ELSE v_audience := 'staff';
	END CASE;
	PERFORM live_publish(NEW.entity, NEW.entity_id, NEW.action, v_audience, v_hospitals);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_log_live" AFTER INSERT ON "audit_log"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_event_of_audit"();--> statement-breakpoint
CREATE FUNCTION "live_event_of_sync_run"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM live_publish('sync_run', NEW.id::text, CASE WHEN TG_OP = 'INSERT' THEN 'sync_run.start' ELSE 'sync_run.change' END,
		'staff', '{}'::text[]);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sync_runs_live" AFTER INSERT OR UPDATE ON "sync_runs"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_event_of_sync_run"();--> statement-breakpoint
-- The version of each record a user edits: 1 at creation, one more at each update, whoever makes it (a
-- user, the sync, a trigger). A save names the version it was made on; another one is refused (409).
CREATE FUNCTION "bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.version := OLD.version + 1;
	RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "airport_costs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_unit_costs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "regulation_costs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "passenger_meal_costs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_numbers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER "missions_version" BEFORE UPDATE ON "missions" FOR EACH ROW EXECUTE FUNCTION "bump_version"();--> statement-breakpoint
CREATE TRIGGER "statistics_version" BEFORE UPDATE ON "statistics" FOR EACH ROW EXECUTE FUNCTION "bump_version"();--> statement-breakpoint
CREATE TRIGGER "incidents_version" BEFORE UPDATE ON "incidents" FOR EACH ROW EXECUTE FUNCTION "bump_version"();--> statement-breakpoint
CREATE TRIGGER "users_version" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "bump_version"();--> statement-breakpoint
CREATE TRIGGER "airport_costs_version" BEFORE UPDATE ON "airport_costs" FOR EACH ROW EXECUTE FUNCTION "bump_version"();--> statement-breakpoint
CREATE TRIGGER "flight_unit_costs_version" BEFORE UPDATE ON "flight_unit_costs" FOR EACH ROW EXECUTE FUNCTION "bump_version"();--> statement-breakpoint
CREATE TRIGGER "regulation_costs_version" BEFORE UPDATE ON "regulation_costs" FOR EACH ROW EXECUTE FUNCTION "bump_version"();--> statement-breakpoint
CREATE TRIGGER "passenger_meal_costs_version" BEFORE UPDATE ON "passenger_meal_costs" FOR EACH ROW EXECUTE FUNCTION "bump_version"();--> statement-breakpoint
CREATE TRIGGER "market_numbers_version" BEFORE UPDATE ON "market_numbers" FOR EACH ROW EXECUTE FUNCTION "bump_version"();
