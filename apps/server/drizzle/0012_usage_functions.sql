-- Issue 22: the usage writes of the answer path as two functions, so each costs one statement whose
-- plans PostgreSQL (and PGlite) keep for the session, instead of a transaction of several statements.

-- One batch of the usage meter (a group commit): new reservations (kept only while their user
-- exists; each comes back with the user's plan), then the settlements and releases of earlier ones.
-- Settling deletes the reservation, and a settlement counts only if its reservation was still there
-- (one already gone was counted as is, or its user was deleted): each model's tokens as an event,
-- each user's month raised once by the batch's sum, in a fixed order so that two instances' batches
-- lock the same rows in the same order.
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
  END IF;
  IF cardinality(e_users) > 0 THEN
    INSERT INTO usage_events (user_id, request_id, model_id, tokens, created_at)
    SELECT e.user_id, e.request_id, e.model_id, e.tokens, e.created_at
    FROM unnest(e_users, e_requests, e_models, e_tokens, e_at, e_reservations) AS e(user_id, request_id, model_id, tokens, created_at, res)
    WHERE (e.res IS NULL OR e.res = ANY(settled)) AND EXISTS (SELECT 1 FROM users u WHERE u.id = e.user_id);
  END IF;
  IF cardinality(q_users) > 0 THEN
    INSERT INTO usage (user_id, month, tokens, requests)
    SELECT q.user_id, q.month, sum(q.tokens), count(*)
    FROM unnest(q_users, q_months, q_tokens, q_reservations) AS q(user_id, month, tokens, res)
    WHERE (q.res IS NULL OR q.res = ANY(settled)) AND EXISTS (SELECT 1 FROM users u WHERE u.id = q.user_id)
    GROUP BY q.user_id, q.month
    ORDER BY q.user_id, q.month
    ON CONFLICT (user_id, month) DO UPDATE SET tokens = usage.tokens + excluded.tokens, requests = usage.requests + excluded.requests;
  END IF;
  IF cardinality(r_ids) > 0 THEN
    RETURN QUERY SELECT ur.id, u.plan FROM usage_reservations ur JOIN users u ON u.id = ur.user_id WHERE ur.id = ANY(r_ids);
  END IF;
END $$;
--> statement-breakpoint

-- One reservation shared by every instance (PostgreSQL), in one statement: the user's row is locked
-- until it commits, so one user's reservations run one after another. Reservations older than
-- `stale_before` belong to a process that died before settling them: they are counted as is (the
-- reservation is the charge) and removed. Refused ('too_many') while `max_in_flight` answers of the
-- user are in progress, and ('quota') once the month's usage plus what is reserved reaches the plan's
-- allowance (`allowances` maps plan ids to tokens; any other plan has `free_tokens`).
CREATE OR REPLACE FUNCTION sangam_reserve_usage(
  p_user uuid, p_month text, p_request text, p_tokens integer, p_now timestamptz,
  p_stale_before timestamptz, p_max_in_flight integer, p_allowances jsonb, p_free_tokens bigint
) RETURNS TABLE (outcome text, reservation_id uuid) LANGUAGE plpgsql AS $$
DECLARE
  v_plan text;
  v_used bigint;
  v_count integer;
  v_reserved bigint;
  v_id uuid;
BEGIN
  SELECT u.plan INTO v_plan FROM users u WHERE u.id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unauthenticated'::text, NULL::uuid;
    RETURN;
  END IF;
  WITH stale AS (
    DELETE FROM usage_reservations ur WHERE ur.user_id = p_user AND ur.created_at < p_stale_before RETURNING ur.*
  ), events AS (
    INSERT INTO usage_events (user_id, request_id, model_id, tokens, created_at)
    SELECT s.user_id, s.request_id, 'reserved', s.tokens, s.created_at FROM stale s
  )
  INSERT INTO usage (user_id, month, tokens, requests)
  SELECT p_user, s.month, sum(s.tokens), count(*) FROM stale s GROUP BY s.month ORDER BY s.month
  ON CONFLICT (user_id, month) DO UPDATE SET tokens = usage.tokens + excluded.tokens, requests = usage.requests + excluded.requests;
  SELECT coalesce((SELECT us.tokens FROM usage us WHERE us.user_id = p_user AND us.month = p_month), 0),
         count(*),
         coalesce(sum(ur.tokens) FILTER (WHERE ur.month = p_month), 0)
    INTO v_used, v_count, v_reserved
    FROM usage_reservations ur WHERE ur.user_id = p_user;
  IF v_count >= p_max_in_flight THEN
    RETURN QUERY SELECT 'too_many'::text, NULL::uuid;
    RETURN;
  END IF;
  IF v_used + v_reserved >= coalesce((p_allowances ->> v_plan)::bigint, p_free_tokens) THEN
    RETURN QUERY SELECT 'quota'::text, NULL::uuid;
    RETURN;
  END IF;
  INSERT INTO usage_reservations (user_id, month, request_id, tokens, created_at)
  VALUES (p_user, p_month, p_request, p_tokens, p_now) RETURNING id INTO v_id;
  RETURN QUERY SELECT 'ok'::text, v_id;
END $$;
