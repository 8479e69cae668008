import { expect, it } from "vitest";
import { useScratchDatabase } from "../support/scratch-database";

const RENAME = "0022_rename_posts_to_clips";
const scratch = useScratchDatabase("rename");

it("renaming posts to clips keeps every clip, saved clip, collection item and search posting", async () => {
  const client = await scratch.migratedBefore(RENAME);
  await client.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    values ('u1', 'Maya', 'maya@example.com', true, now(), now())`);
  await client.query(`insert into profiles (id, username) values ('u1', 'maya_lake')`);
  const niche = await client.query(
    `insert into niches (id, name, icon, thumbnail_url, display_order) values ('nature', 'Nature', 'leaf', '/n.jpg', 1) returning id`,
  );
  const clip = await client.query(
    `insert into posts (title, description, thumbnail_url, video_url, user_id, niche_id, license,
      duration_seconds, orientation, color_tone, mood, width, height, status, search_vector)
     values ('Misty lake', 'A lake', '/t.jpg', '/v.mp4', 'u1', $1, 'standard', 10, 'landscape',
      'cool', 'calm', 1920, 1080, 'published', to_tsvector('simple', 'misty lake'))
     returning id`,
    [niche.rows[0].id],
  );
  const clipId = clip.rows[0].id;
  await client.query(`insert into saved_videos (post_id, user_id) values ($1, 'u1')`, [clipId]);
  const collection = await client.query(
    `insert into collections (user_id, name, share_token) values ('u1', 'Lakes', 'token') returning id`,
  );
  await client.query(`insert into collection_items (collection_id, post_id, position) values ($1, $2, 1)`, [
    collection.rows[0].id,
    clipId,
  ]);

  await scratch.migrateToEnd();

  const clips = await client.query("select id, title from clips");
  expect(clips.rows).toEqual([{ id: clipId, title: "Misty lake" }]);
  const saved = await client.query("select clip_id from saved_clips");
  expect(saved.rows).toEqual([{ clip_id: clipId }]);
  const items = await client.query("select clip_id from collection_items");
  expect(items.rows).toEqual([{ clip_id: clipId }]);
  // The functions that read the table by name work on the new one.
  await client.query("delete from search_postings");
  await client.query(`select search_postings_fill(array[${clipId}])`);
  const postings = await client.query("select lexeme from search_postings order by lexeme");
  expect(postings.rows.map((row) => row.lexeme)).toEqual(["lake", "misty"]);
  // New clips continue the old sequence.
  const next = await client.query(`select nextval('clips_id_seq') as id`);
  expect(Number(next.rows[0].id)).toBeGreaterThan(clipId);
  const leftovers = await client.query(
    `select conname from pg_constraint where conname ~ '(^|_)posts?_' union all
     select indexname from pg_indexes where schemaname = 'public' and indexname ~ '(^|_)posts?_'`,
  );
  expect(leftovers.rows).toEqual([]);
});
