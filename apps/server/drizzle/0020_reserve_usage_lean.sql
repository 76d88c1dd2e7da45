-- Issue 22 and 25 on PostgreSQL: the reservation is on the critical path of an answer at low load (it
-- must be in before the answer is given), so it does no work it does not need. Reservations older than
-- `stale_before` (left by a process that died) were charged by a delete and two inserts run on every
-- reservation, nearly always over no rows; now the user's reservations are counted first, and the
-- stale ones are charged only when the oldest is stale (then counted again). The month's usage is read
-- only once the in-flight cap has passed. Every outcome is what migration 0012's function decided.
-- pgbench on PostgreSQL 15 here, one reservation and its commit: 0.52-0.56 ms before, 0.49-0.50 ms now
-- (a plain insert with its commit: 0.28-0.33 ms). Bitmap scans stay off (migration 0017).
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
      INSERT INTO usage_events (user_id, request_id, model_id, tokens, created_at)
      SELECT s.user_id, s.request_id, 'reserved', s.tokens, s.created_at FROM stale s
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
