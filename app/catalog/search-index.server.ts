import { sql } from "drizzle-orm";
import { db } from "~/platform/db/client.server";

/**
 * Recomputes the search columns of posts (all, or the given ids) from the clip, its niche and
 * sub-niche names and its creator. Title weighs most, then tags and niches, creator, description.
 */
export async function refreshSearchIndex(postIds?: number[]) {
  const only = postIds?.length ? sql`and p.id in (${sql.join(postIds, sql`, `)})` : sql``;
  await db().execute(sql`
    with words as (
      select p.id,
        p.title, p.description, array_to_string(p.tags, ' ') as tags,
        n.name || ' ' || coalesce(s.name, '') as niche,
        coalesce(pr.full_name, '') || ' ' || coalesce(pr.username, '') as creator
      from posts p
      join niches n on n.id = p.niche_id
      join profiles pr on pr.id = p.user_id
      left join sub_niches s on s.id = p.sub_niche_id
      where true ${only}
    )
    update posts p set
      search_vector =
        setweight(to_tsvector('english', w.title), 'A') ||
        setweight(to_tsvector('english', w.tags || ' ' || w.niche), 'B') ||
        setweight(to_tsvector('simple', w.creator), 'C') ||
        setweight(to_tsvector('english', w.description), 'D'),
      search_text = lower(concat_ws(' ', w.title, w.tags, w.niche, w.creator))
    from words w
    where w.id = p.id`);
}
