-- The finished answers of sangam_write_chats (migration 0013) found by their primary keys. The planner
-- takes jsonb_to_recordset for 100 rows: joined to it, `messages` and `conversations` were read whole
-- (a hash join over a sequential scan) until each held some tens of thousands of rows, the size of a
-- PGlite server used by one person or a small team. Measured on PGlite with 4,000 messages: 2.6 ms
-- of a 9.9 ms finish was that scan, and it grew with every message stored. Matched by `= ANY` of an
-- array of the batch's ids, both updates are index lookups at any size. Nothing else changes.
CREATE OR REPLACE FUNCTION sangam_write_chats(questions jsonb, finishes jsonb)
RETURNS TABLE (item integer, outcome text) LANGUAGE plpgsql AS $$
DECLARE
  q jsonb;
  i bigint;
  v_chat uuid;
  v_user uuid;
  v_leaf uuid;
  v_now timestamptz;
  v_leaf_set boolean;
  v_count integer;
BEGIN
  FOR q, i IN SELECT e.value, e.ordinality FROM jsonb_array_elements(questions) WITH ORDINALITY AS e(value, ordinality) LOOP
    BEGIN
      v_chat := (q ->> 'chat_id')::uuid;
      v_user := (q ->> 'user_id')::uuid;
      v_leaf := (q ->> 'leaf_id')::uuid;
      v_now := (q ->> 'now')::timestamptz;
      v_leaf_set := false;
      IF (q ->> 'is_new')::boolean THEN
        INSERT INTO conversations (id, user_id, title, mode, original_prompt, active_leaf_id, created_at, updated_at)
        VALUES (v_chat, v_user, q ->> 'title', q ->> 'mode', q ->> 'original_prompt', v_leaf, v_now, v_now)
        ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS v_count = ROW_COUNT;
        v_leaf_set := v_count > 0;
        IF NOT v_leaf_set AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.id = v_chat AND c.user_id = v_user) THEN
          item := i; outcome := 'not_found'; RETURN NEXT;
          CONTINUE;
        END IF;
      END IF;
      INSERT INTO messages (id, conversation_id, parent_id, role, content, refined_prompt, mode, status, request_id, extra, created_at)
      SELECT m.id, v_chat, m.parent_id, m.role, m.content, m.refined_prompt, m.mode, m.status, m.request_id, m.extra, m.created_at
      FROM jsonb_to_recordset(q -> 'messages') AS m(
        id uuid, parent_id uuid, role text, content text, refined_prompt text, mode text, status text, request_id text, extra jsonb, created_at timestamptz
      );
      IF NOT v_leaf_set THEN
        UPDATE conversations SET active_leaf_id = v_leaf, updated_at = v_now WHERE id = v_chat;
      END IF;
      item := i; outcome := 'ok'; RETURN NEXT;
    EXCEPTION
      WHEN unique_violation THEN item := i; outcome := 'duplicate'; RETURN NEXT;
      WHEN foreign_key_violation THEN item := i; outcome := 'not_found'; RETURN NEXT;
    END;
  END LOOP;
  IF jsonb_array_length(finishes) > 0 THEN
    WITH f AS (
      SELECT * FROM jsonb_to_recordset(finishes) AS f(
        id uuid, chat_id uuid, content text, status text, answers jsonb, facts jsonb, analysis jsonb, cost jsonb
      )
    ), done AS (
      UPDATE messages m SET content = f.content, status = f.status, answers = coalesce(f.answers, '[]'::jsonb),
        facts = f.facts, analysis = f.analysis, cost = f.cost
      FROM f WHERE m.id = f.id AND m.id = ANY (ARRAY(SELECT f.id FROM f))
      RETURNING m.conversation_id
    )
    UPDATE conversations c SET updated_at = now()
    WHERE c.id = ANY (ARRAY(SELECT DISTINCT f.chat_id FROM f));
  END IF;
END $$;
