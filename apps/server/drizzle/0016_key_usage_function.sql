-- Issue 25: the developer keys' spend of one write-behind window as a function, so that its plans are
-- kept for the session instead of a statement with data-modifying CTEs planned on every call (about
-- 1 ms on PGlite). Each row is one key's requests, tokens and rupees (millionths) of one day, summed
-- by the caller, in a fixed order (key, day) so that two instances' batches lock the same rows in the
-- same order; the key's last use moves forward only.
CREATE OR REPLACE FUNCTION sangam_record_key_usage(
  k_ids uuid[], k_at timestamptz[], k_days text[], k_requests integer[], k_tokens bigint[], k_cost bigint[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE api_keys SET last_used_at = u.at
  FROM unnest(k_ids, k_at) AS u(id, at)
  WHERE api_keys.id = u.id AND (api_keys.last_used_at IS NULL OR api_keys.last_used_at < u.at);
  INSERT INTO api_key_usage (key_id, day, requests, tokens, cost_micro_inr)
  SELECT * FROM unnest(k_ids, k_days, k_requests, k_tokens, k_cost)
  ON CONFLICT (key_id, day) DO UPDATE SET
    requests = api_key_usage.requests + excluded.requests,
    tokens = api_key_usage.tokens + excluded.tokens,
    cost_micro_inr = api_key_usage.cost_micro_inr + excluded.cost_micro_inr;
END $$;
