// The lives of a tag (migration 013): a `create` and a creating `push` of one tag pair into one life,
// in either order and however far apart; a half seen twice, or anything after a deletion, begins a
// new life. No clock decides: the code host's own events do.
import { sql, type RawBuilder } from 'kysely';
import type { TagHalf } from './catalogue.ts';

/**
 * Records a tag event of a trigger; its one row says whether the event began a new life, and which.
 * One upsert, under the row's lock: two transactions dispatching the two halves at once serialize
 * here, and the second pairs with the first. After the update a life begun holds one half (the
 * event's), a life completed both: that is how `begun` reads it back.
 */
export function tagLifeStatement(triggerId: string, tag: string, half: Exclude<TagHalf, 'deleted'>): RawBuilder<{ life: number; begun: boolean }> {
  const create = half === 'create';
  // The event begins a new life: the current one ended, or already holds this half.
  const begins = sql`l.ended OR ${create ? sql`l.has_create` : sql`l.has_push`}`;
  return sql<{ life: number; begun: boolean }>`
    INSERT INTO tag_lives AS l (trigger_id, tag, life, has_create, has_push)
    VALUES (${triggerId}::uuid, ${tag}, 1, ${create}, ${!create})
    ON CONFLICT (trigger_id, tag) DO UPDATE
       SET life = CASE WHEN ${begins} THEN l.life + 1 ELSE l.life END,
           has_create = CASE WHEN ${begins} THEN ${create} ELSE l.has_create OR ${create} END,
           has_push = CASE WHEN ${begins} THEN ${!create} ELSE l.has_push OR ${!create} END,
           ended = false
    RETURNING life, has_create <> has_push AS begun`;
}

/** A deletion of the tag ends its current life: whatever comes next begins another. */
export function tagDeletedStatement(triggerId: string, tag: string): RawBuilder<unknown> {
  return sql`UPDATE tag_lives SET ended = true WHERE trigger_id = ${triggerId}::uuid AND tag = ${tag}`;
}
