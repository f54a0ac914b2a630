-- Tools as the hosted clients write them (hosted-compat.md §3): the client chooses a tool's id
-- (`compat-greeter`, a file name, a UUID), unique within its project only; the hosted flags
-- `public` (anyone may view) and `publicly_triggerable` (anyone may run without a key) are stored;
-- the other fields the clients write and read back (tags, state_mapping, output_schema, version,
-- …) are kept as given in `extra`.
ALTER TABLE studios ALTER COLUMN id DROP DEFAULT;
ALTER TABLE studios ALTER COLUMN id TYPE text USING id::text;
ALTER TABLE studios ALTER COLUMN id SET DEFAULT gen_random_uuid()::text;
ALTER TABLE studios DROP CONSTRAINT studios_pkey;
ALTER TABLE studios ADD PRIMARY KEY (project_id, id);
ALTER TABLE studios ADD COLUMN public boolean NOT NULL DEFAULT false;
ALTER TABLE studios ADD COLUMN publicly_triggerable boolean NOT NULL DEFAULT false;
ALTER TABLE studios ADD COLUMN extra jsonb NOT NULL DEFAULT '{}';

ALTER TABLE tool_runs ALTER COLUMN studio_id TYPE text USING studio_id::text;

-- Agent fields the hosted clients write and read back (description, emoji, public, temperature,
-- autonomy_limit, tags), kept as given.
ALTER TABLE agents ADD COLUMN extra jsonb NOT NULL DEFAULT '{}';
