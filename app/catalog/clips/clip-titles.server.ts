import { findClipTitlesByIds } from "./clip-titles.queries.server";

/** Clip titles by id, for pages that name clips they only hold ids of (the staff audit log). */
export async function nameClips(ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await findClipTitlesByIds([...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.title]));
}
