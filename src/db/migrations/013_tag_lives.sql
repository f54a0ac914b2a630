-- A tag's life follows the code host's events, not a clock (issue 22). The code host sends one
-- `create` (ref_type tag) and one `push` creating refs/tags/<name> for each creation of a tag, in
-- either order and, when one is recovered, hours apart: those two are one life and fire once. A
-- second `create`, a second creating `push`, or anything after a deletion (a `push` with deleted, or
-- a `delete` event), begins a new life, which fires again. One row per (trigger, tag): the life it is
-- in and which halves of it were seen. Updated under its row lock, so deliveries of one tag
-- dispatched at once by two transactions see each other's effect.
CREATE TABLE tag_lives (
  trigger_id  uuid NOT NULL REFERENCES triggers (id) ON DELETE CASCADE,
  tag         text NOT NULL,
  life        integer NOT NULL,
  has_create  boolean NOT NULL,
  has_push    boolean NOT NULL,
  ended       boolean NOT NULL DEFAULT false,
  PRIMARY KEY (trigger_id, tag)
);

-- Tags activated before: their first life, both halves taken as seen (a half still to come would
-- otherwise fire a second time). Their activation keeps its item; lives from now on are `tag:<name>#<life>`.
INSERT INTO tag_lives (trigger_id, tag, life, has_create, has_push)
SELECT trigger_id, substring(item from 5), 1, true, true
  FROM activations
 WHERE source = 'tag' AND item LIKE 'tag:%'
ON CONFLICT DO NOTHING;
