-- The first message of a task a webhook delivery started is its summary, the delivery's payload and a
-- closing brace. It used to hold a copy of the payload, so every delivery's kilobytes of JSON were
-- written (and compressed, and WAL-logged) twice and rendered to text on the hot path. Now such a
-- message holds the text around the payload ({"content": before, "suffix": after}) and names the
-- delivery; task_message_content() puts the whole message together when it is read, exactly as it
-- was stored before. Messages stored before this keep their copy (delivery_id NULL).
ALTER TABLE task_messages ADD COLUMN delivery_id text;
CREATE INDEX task_messages_delivery_idx ON task_messages (delivery_id) WHERE delivery_id IS NOT NULL;

-- Such a message put together with the payload it names.
CREATE FUNCTION task_message_around(content jsonb, payload jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT jsonb_build_object('content', ($1 ->> 'content') || coalesce($2::text, '') || coalesce($1 ->> 'suffix', '')) $$;

CREATE FUNCTION task_message_content(content jsonb, delivery_id text) RETURNS jsonb
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT CASE
             WHEN $2 IS NULL THEN $1
             ELSE task_message_around($1, (SELECT d.payload FROM deliveries d WHERE d.delivery_id = $2))
           END
  $$;

-- A delivery goes when its hook does (ON DELETE CASCADE). The tasks it started stay, so their first
-- messages take their copy of its payload first: a message never loses its text.
CREATE FUNCTION deliveries_materialize_messages() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE task_messages m
       SET content = task_message_around(m.content, gone.payload),
           delivery_id = NULL
      FROM gone
     WHERE m.delivery_id = gone.delivery_id;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER deliveries_materialize_messages
  AFTER DELETE ON deliveries
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION deliveries_materialize_messages();
