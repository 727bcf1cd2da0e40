-- A user's own record reaches that user's streams too (issue 52): 'Mon compte' lists a passkey or an
-- authenticator added, or factors reset, from another tab or by an ADMIN at once. An event of entity
-- 'user' keeps its audience 'admin' and names the user as its owner; the feed sends it to the ADMINs and to
-- that user (api/live/scope.ts), and to no one else. The payload stays what it was: the user's own id.
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
	WHEN 'user' THEN
		v_audience := 'admin';
		v_owner := v_id;
	WHEN 'session' THEN
		v_audience := 'owner';
		SELECT s.user_id INTO v_owner FROM sessions s WHERE s.id = v_id;
	ELSE v_audience := 'staff';
	END CASE;
	PERFORM live_publish(NEW.entity, NEW.entity_id, NEW.action, v_audience, v_hospitals, v_owner);
	RETURN NULL;
END
$$;
