-- Issue 25 and 22 on PostgreSQL: a reservation's commit no longer waits for its flush to disk
-- (synchronous_commit off for its transaction alone), which was about 0.28 ms of the 0.45 ms every
-- answer waits for before its model is called. What that risks, and why nothing is lost:
-- * Only a crash of PostgreSQL itself (not of a Sangam instance: kill -9 of the server loses
--   nothing) can lose the reservations committed in its last moments (at most three times
--   wal_writer_delay, 0.6 s by default; a later durable commit, such as any settlement, flushes
--   them too). Their answers were admitted against the cap, which for that moment does not see them.
-- * A settlement used to count only if its reservation's row was still there, so an answer whose
--   reservation was lost would go uncharged. Now every charge names the reservation it settles
--   (usage_events.reservation_id), and a settlement whose row is gone counts unless its reservation
--   was charged already (as is, when stale, or by an earlier try of the same settlement).
ALTER TABLE usage_events ADD COLUMN IF NOT EXISTS reservation_id uuid;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS usage_events_reservation_idx ON usage_events (reservation_id) WHERE reservation_id IS NOT NULL;
--> statement-breakpoint

-- As migration 0012's, except that a settlement whose reservation row is gone still counts when no
-- charge names that reservation yet (its row was lost with an asynchronous commit), and that every
-- event written names its reservation. A reservation named but not among `settling` has no row
-- (PGlite's journal): it is charged outright, as one without a reservation was.
CREATE OR REPLACE FUNCTION sangam_record_usage(
  r_ids uuid[], r_users uuid[], r_months text[], r_requests text[], r_tokens integer[], r_at timestamptz[],
  settling uuid[],
  e_users uuid[], e_requests text[], e_models text[], e_tokens integer[], e_at timestamptz[], e_reservations uuid[],
  q_users uuid[], q_months text[], q_tokens integer[], q_reservations uuid[]
) RETURNS TABLE (reservation_id uuid, plan text) LANGUAGE plpgsql AS $$
DECLARE
  settled uuid[] := '{}';
BEGIN
  IF cardinality(r_ids) > 0 THEN
    INSERT INTO usage_reservations (id, user_id, month, request_id, tokens, created_at)
    SELECT r.id, r.user_id, r.month, r.request_id, r.tokens, r.created_at
    FROM unnest(r_ids, r_users, r_months, r_requests, r_tokens, r_at) AS r(id, user_id, month, request_id, tokens, created_at)
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id);
  END IF;
  IF cardinality(settling) > 0 THEN
    WITH d AS (DELETE FROM usage_reservations ur WHERE ur.id = ANY(settling) RETURNING ur.id)
    SELECT coalesce(array_agg(d.id), '{}') INTO settled FROM d;
    -- Settled reservations whose row was already gone: charged unless a charge names them.
    SELECT settled || coalesce(array_agg(DISTINCT s.id), '{}') INTO settled
    FROM unnest(e_reservations) AS s(id)
    WHERE s.id IS NOT NULL AND s.id = ANY(settling) AND NOT (s.id = ANY(settled))
      AND NOT EXISTS (SELECT 1 FROM usage_events ue WHERE ue.reservation_id = s.id);
  END IF;
  IF cardinality(e_users) > 0 THEN
    INSERT INTO usage_events (user_id, request_id, model_id, tokens, created_at, reservation_id)
    SELECT e.user_id, e.request_id, e.model_id, e.tokens, e.created_at, e.res
    FROM unnest(e_users, e_requests, e_models, e_tokens, e_at, e_reservations) AS e(user_id, request_id, model_id, tokens, created_at, res)
    WHERE (e.res IS NULL OR NOT (e.res = ANY(settling)) OR e.res = ANY(settled)) AND EXISTS (SELECT 1 FROM users u WHERE u.id = e.user_id);
  END IF;
  IF cardinality(q_users) > 0 THEN
    INSERT INTO usage (user_id, month, tokens, requests)
    SELECT q.user_id, q.month, sum(q.tokens), count(*)
    FROM unnest(q_users, q_months, q_tokens, q_reservations) AS q(user_id, month, tokens, res)
    WHERE (q.res IS NULL OR NOT (q.res = ANY(settling)) OR q.res = ANY(settled)) AND EXISTS (SELECT 1 FROM users u WHERE u.id = q.user_id)
    GROUP BY q.user_id, q.month
    ORDER BY q.user_id, q.month
    ON CONFLICT (user_id, month) DO UPDATE SET tokens = usage.tokens + excluded.tokens, requests = usage.requests + excluded.requests;
  END IF;
  IF cardinality(r_ids) > 0 THEN
    RETURN QUERY SELECT ur.id, u.plan FROM usage_reservations ur JOIN users u ON u.id = ur.user_id WHERE ur.id = ANY(r_ids);
  END IF;
END $$;
--> statement-breakpoint

-- As migration 0020's, except that its transaction commits without waiting for the flush (see the
-- top of this file; SET LOCAL inside the function lasts until the commit, since the function's own
-- SET clause names another setting), and that a stale reservation's charge names it.
CREATE OR REPLACE FUNCTION sangam_reserve_usage(
  p_user uuid, p_month text, p_request text, p_tokens integer, p_now timestamptz,
  p_stale_before timestamptz, p_max_in_flight integer, p_allowances jsonb, p_free_tokens bigint
) RETURNS TABLE (outcome text, reservation_id uuid) LANGUAGE plpgsql SET enable_bitmapscan = off AS $$
DECLARE
  v_plan text;
  v_used bigint;
  v_count integer;
  v_reserved bigint;
  v_oldest timestamptz;
  v_id uuid;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT u.plan INTO v_plan FROM users u WHERE u.id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unauthenticated'::text, NULL::uuid;
    RETURN;
  END IF;
  SELECT count(*), coalesce(sum(ur.tokens) FILTER (WHERE ur.month = p_month), 0), min(ur.created_at)
    INTO v_count, v_reserved, v_oldest
    FROM usage_reservations ur WHERE ur.user_id = p_user;
  IF v_oldest < p_stale_before THEN
    WITH stale AS (
      DELETE FROM usage_reservations ur WHERE ur.user_id = p_user AND ur.created_at < p_stale_before RETURNING ur.*
    ), events AS (
      INSERT INTO usage_events (user_id, request_id, model_id, tokens, created_at, reservation_id)
      SELECT s.user_id, s.request_id, 'reserved', s.tokens, s.created_at, s.id FROM stale s
    )
    INSERT INTO usage (user_id, month, tokens, requests)
    SELECT p_user, s.month, sum(s.tokens), count(*) FROM stale s GROUP BY s.month ORDER BY s.month
    ON CONFLICT (user_id, month) DO UPDATE SET tokens = usage.tokens + excluded.tokens, requests = usage.requests + excluded.requests;
    SELECT count(*), coalesce(sum(ur.tokens) FILTER (WHERE ur.month = p_month), 0)
      INTO v_count, v_reserved
      FROM usage_reservations ur WHERE ur.user_id = p_user;
  END IF;
  IF v_count >= p_max_in_flight THEN
    RETURN QUERY SELECT 'too_many'::text, NULL::uuid;
    RETURN;
  END IF;
  SELECT coalesce((SELECT us.tokens FROM usage us WHERE us.user_id = p_user AND us.month = p_month), 0) INTO v_used;
  IF v_used + v_reserved >= coalesce((p_allowances ->> v_plan)::bigint, p_free_tokens) THEN
    RETURN QUERY SELECT 'quota'::text, NULL::uuid;
    RETURN;
  END IF;
  INSERT INTO usage_reservations (user_id, month, request_id, tokens, created_at)
  VALUES (p_user, p_month, p_request, p_tokens, p_now) RETURNING id INTO v_id;
  RETURN QUERY SELECT 'ok'::text, v_id;
END $$;
