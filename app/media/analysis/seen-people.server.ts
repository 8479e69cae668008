import { defineEvent, publishEvent } from "~/platform/events.server";
import type { SeenPeople } from "./clip-analysis";
import { selectSeenPeople } from "./clip-analysis.queries.server";

/**
 * The people the analysis saw in each clip, by clip id: null when not analysed, when the people
 * model failed, or for a result from before people were looked for. Studio weighs them against
 * the clip's releases (catalog/clips/seen-people.ts).
 */
export async function seenPeopleOf(clipIds: number[]): Promise<Map<number, SeenPeople | null>> {
  const rows = await selectSeenPeople([...new Set(clipIds)]);
  const byClip = new Map<number, SeenPeople | null>(clipIds.map((id) => [id, null]));
  for (const row of rows) byClip.set(row.clipId, row.people);
  return byClip;
}

/**
 * An analysis with people was recorded for a clip: studio files the clip under them again (the
 * People filter weighs them against its releases; app/jobs.server.ts subscribes). Announced by
 * whoever records an analysis, after it is stored.
 */
export const clipPeopleSeen = defineEvent<{ clipId: number }>("clip.people-seen");

export function announcePeopleSeen(clipId: number) {
  return publishEvent(clipPeopleSeen, { clipId });
}
