-- Issue 22 and 25 on PostgreSQL: the reservations asked for in one turn of an instance's event loop
-- are made by one statement and one commit (a group commit), instead of a statement, a commit and its
-- flush to disk each. Each one is still decided by sangam_reserve_usage (migration 0012) exactly as
-- alone, and in the order asked within each user, so a batch admits what the same reservations one
-- after another would. Users are taken in the order of their ids: two instances' batches lock the
-- same rows in the same order (as sangam_record_usage does), so they wait for each other, never
-- deadlock. Returns each reservation's outcome by its position in the arrays (1-based).
-- A reservation may carry the token family of the session that asks (`b_families`, else null): one
-- revoked at its time is refused ('revoked') before anything is locked or written, so on PostgreSQL
-- without Redis an answer's session check costs no statement of its own.
CREATE OR REPLACE FUNCTION sangam_reserve_usage_batch(
  b_users uuid[], b_months text[], b_requests text[], b_tokens integer[], b_at timestamptz[], b_families text[],
  p_stale_before timestamptz, p_max_in_flight integer, p_allowances jsonb, p_free_tokens bigint
) RETURNS TABLE (item integer, outcome text, reservation_id uuid) LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT b.user_id, b.month, b.request_id, b.tokens, b.created_at, b.family_id, b.ordinality::integer AS position
    FROM unnest(b_users, b_months, b_requests, b_tokens, b_at, b_families)
      WITH ORDINALITY AS b(user_id, month, request_id, tokens, created_at, family_id, ordinality)
    ORDER BY b.user_id, b.ordinality
  LOOP
    IF r.family_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM revoked_families rf WHERE rf.family_id = r.family_id AND rf.expires_at > r.created_at
    ) THEN
      RETURN QUERY SELECT r.position, 'revoked'::text, NULL::uuid;
      CONTINUE;
    END IF;
    RETURN QUERY
      SELECT r.position, o.outcome, o.reservation_id
      FROM sangam_reserve_usage(r.user_id, r.month, r.request_id, r.tokens, r.created_at,
                                p_stale_before, p_max_in_flight, p_allowances, p_free_tokens) AS o;
  END LOOP;
END $$;
