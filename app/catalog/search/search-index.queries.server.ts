import { sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";

import { MIN_TERM_LENGTH } from "./search-text";

/**
 * Recomputes the search columns of clips (all, or the given ids) from the clip, its niche and
 * sub-niche names and its creator. Title weighs most, then tags and niches, creator, description.
 * Then records their words in search_terms, the vocabulary that misspelt queries are corrected against.
 * Given ids, it runs on `executor`: a status change passes its transaction, so a clip is searchable
 * exactly when it is published.
 */
export async function refreshSearchIndex(clipIds?: number[], executor: Executor = db()) {
  const only = clipIds?.length ? sql`and p.id in (${sql.join(clipIds, sql`, `)})` : sql``;
  const update = sql`
    with words as (
      select p.id,
        p.title, p.description, array_to_string(p.tags, ' ') as tags,
        n.name || ' ' || coalesce(s.name, '') as niche,
        coalesce(pr.full_name, '') || ' ' || coalesce(pr.username, '') as creator
      from clips p
      join niches n on n.id = p.niche_id
      join profiles pr on pr.id = p.user_id
      left join sub_niches s on s.id = p.sub_niche_id
      where true ${only}
    )
    update clips p set
      search_vector =
        setweight(to_tsvector('english', w.title), 'A') ||
        setweight(to_tsvector('english', w.tags || ' ' || w.niche), 'B') ||
        setweight(to_tsvector('simple', w.creator), 'C') ||
        setweight(to_tsvector('english', w.description), 'D'),
      search_text = lower(concat_ws(' ', w.title, w.tags, w.niche, w.creator, w.description))
    from words w
    where w.id = p.id`;
  if (clipIds?.length) {
    // The clips trigger rebuilds these clips' postings and bigrams.
    await executor.execute(update);
  } else {
    // Every row changes: the trigger stands aside and the postings and bigrams are rebuilt in bulk.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select set_config('verdeo.search_postings_bulk', 'on', true)`);
      await tx.execute(update);
      await tx.execute(sql`delete from search_postings`);
      await tx.execute(sql`select search_postings_fill(array(select id from clips))`);
      await tx.execute(sql`delete from search_bigrams`);
      await tx.execute(sql`select search_bigrams_fill(array(select id from clips))`);
    });
  }
  await refreshSearchTerms(clipIds, executor);
  await refreshClipTags(clipIds, executor);
}

/** The tag vocabulary of published clips (lower case), for suggestions. */
async function refreshClipTags(clipIds: number[] | undefined, executor: Executor) {
  const only = clipIds?.length ? sql`and p.id in (${sql.join(clipIds, sql`, `)})` : sql``;
  const tags = sql`
    select lower(tag) as tag, count(distinct p.id)::int as clips
    from clips p, unnest(p.tags) as tag
    where p.status = 'published' and length(tag) between 2 and 60 ${only}
    group by lower(tag)`;
  if (clipIds?.length) {
    await executor.execute(sql`
      insert into clip_tags (tag, clips) ${tags}
      on conflict (tag) do update set clips = clip_tags.clips + excluded.clips`);
    return;
  }
  await db().transaction(async (tx) => {
    await tx.execute(sql`delete from clip_tags`);
    await tx.execute(sql`insert into clip_tags (tag, clips) ${tags}`);
  });
}

async function refreshSearchTerms(clipIds: number[] | undefined, executor: Executor) {
  const only = clipIds?.length ? sql`where p.id in (${sql.join(clipIds, sql`, `)})` : sql``;
  const terms = sql`
    select word as term, count(distinct p.id)::int as documents
    from clips p, regexp_split_to_table(p.search_text, '[^[:alnum:]]+') as word
    ${only}
    group by word
    having length(word) between ${MIN_TERM_LENGTH} and 40`;
  if (clipIds?.length) {
    // New clips add their words; counts of other words are refreshed by the next full rebuild.
    await executor.execute(sql`
      insert into search_terms (term, documents) ${terms}
      on conflict (term) do update set documents = search_terms.documents + excluded.documents`);
    return;
  }
  await db().transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms`);
    await tx.execute(sql`insert into search_terms (term, documents) ${terms}`);
  });
}

/** The ids of one creator's clips. */
export async function listClipIdsOfCreator(userId: string): Promise<number[]> {
  const rows = await db().execute<{ id: number }>(sql`select id from clips where user_id = ${userId}`);
  return rows.rows.map((row) => Number(row.id));
}
