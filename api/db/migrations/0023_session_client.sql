-- 'Mon compte' lists a user's open sessions (issue 52, ASVS V3.3.4): each session keeps the browser's
-- user-agent and the client's address shortened at sign-in (IPv4 to its /24, IPv6 to its /48), never
-- the whole address. Sessions opened before this migration have neither.
-- A session's events (signed in, ended) reach the streams of its own user, audience 'owner' (before, they
-- were 'internal' and reached no one), so that 'Mon compte' lists a new sign-in or an ended session at once.
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "owner" uuid;--> statement-breakpoint
ALTER TABLE "live_events" DROP CONSTRAINT "live_events_audience";--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_audience"
	CHECK ("audience" in ('hospital', 'staff', 'billing', 'admin', 'owner', 'internal'));--> statement-breakpoint
DROP FUNCTION "live_publish"(text, text, text, text, text[]);--> statement-breakpoint
CREATE FUNCTION "live_publish"(p_entity text, p_entity_id text, p_action text, p_audience text, p_hospitals text[],
	p_owner uuid DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(7261059);
	INSERT INTO "live_events" ("id", "entity", "entity_id", "action", "audience", "hospitals", "owner")
		VALUES (nextval('live_events_id'), p_entity, p_entity_id, p_action, p_audience,
			coalesce(array_remove(p_hospitals, NULL), '{}'::text[]), p_owner);
	PERFORM pg_notify('live_events', '');
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_event_of_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_id uuid := live_uuid(NEW.entity_id);
	v_hospitals text[] := '{}'::text[];
	v_audience text;
	v_owner uuid;
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
	WHEN 'session' THEN
		v_audience := 'owner';
		SELECT s.user_id INTO v_owner FROM sessions s WHERE s.id = v_id;
	ELSE v_audience := 'staff';
	END CASE;
	PERFORM live_publish(NEW.entity, NEW.entity_id, NEW.action, v_audience, v_hospitals, v_owner);
	RETURN NULL;
END
$$;
