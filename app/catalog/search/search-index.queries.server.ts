import { sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";

import { indexingPairs } from "./query-translation";
import { MIN_TERM_LENGTH } from "./search-text";

/**
 * Recomputes the search columns of clips (all, or the given ids) from the clip, its niche and
 * sub-niche names and its creator. Title weighs most, then tags and niches, creator, description.
 * Tags of another language in the vocabulary (query-translation.ts) add their English terms at the
 * description's weight, so an English query finds a clip a German creator tagged "Strand". Only
 * whole tags: words of English descriptions that are foreign words too ("sol", "casa") would
 * otherwise change English results.
 * Then records their words in search_terms, the vocabulary that misspelt queries are corrected against.
 * Given ids, it runs on `executor`: a status change passes its transaction, so a clip is searchable
 * exactly when it is published.
 */
export async function refreshSearchIndex(clipIds?: number[], executor: Executor = db()) {
  const only = clipIds?.length ? sql`and p.id in (${sql.join(clipIds, sql`, `)})` : sql``;
  const { forms, english } = indexingPairs();
  const update = sql`
    with vocabulary as materialized (
      select * from unnest(${sql.param(forms)}::text[], ${sql.param(english)}::text[]) as v(form, term)
    ),
    translated as (
      select p.id, string_agg(distinct v.term, ' ') as terms
      from clips p
      cross join lateral unnest(p.tags) as t(word)
      join vocabulary v on v.form = lower(t.word)
      where true ${only}
      group by p.id
      -- One plain-letter tag may be English ("strand" of pearls): a clip needs two such tags, or one
      -- with a letter beyond ASCII ("Strände", "ビーチ"), to be taken as described in another language.
      having count(*) >= 2 or bool_or(octet_length(t.word) > char_length(t.word))
    ),
    words as (
      select p.id,
        p.title, p.description || coalesce(' ' || x.terms, '') as description, array_to_string(p.tags, ' ') as tags,
        n.name || ' ' || coalesce(s.name, '') as niche,
        coalesce(pr.full_name, '') || ' ' || coalesce(pr.username, '') as creator
      from clips p
      join niches n on n.id = p.niche_id
      join profiles pr on pr.id = p.user_id
      left join sub_niches s on s.id = p.sub_niche_id
      left join translated x on x.id = p.id
      where true ${only}
    )
    update clips p set
      search_vector =
        setweight(to_tsvector('english', w.title), 'A') ||
        setweight(to_tsvector('english', w.tags || ' ' || w.niche), 'B') ||
        setweight(to_tsvector('simple', w.creator), 'C') ||
        setweight(to_tsvector('english', w.description), 'D'),
      search_text = lower(concat_ws(' ', w.title, w.tags, w.niche, w.creator, p.description))
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
