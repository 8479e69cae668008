import { findLifecycleClip, recordClipMedia } from "~/catalog/clips/clip-lifecycle.server";
import { peopleCountOf, peopleReleasedOf, type ReleaseGap, releaseGap } from "~/catalog/clips/seen-people";
import { seenPeopleOf } from "~/media/analysis/seen-people.server";
import { fail, ok, type Result } from "~/platform/result";
import { randomName } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { findCreatorClip } from "../clips/clips.server";
import {
  countClipReleases,
  deleteClipRelease,
  insertClipRelease,
  selectClipRelease,
  selectClipReleases,
  selectReleaseCovers,
} from "./clip-releases.queries.server";
import {
  cleanReleaseFileName,
  extensionOf,
  RELEASE_MAX_BYTES,
  RELEASE_PERSONS_MAX,
  RELEASES_PER_CLIP_MAX,
  type ReleaseKind,
  sniffReleaseType,
} from "./release-rules";

/**
 * Model and property releases of a clip (docs/decisions/0027-clip-analysis.md, "Releases"): the
 * creator attaches and removes them, staff read them; the files are private and reached through
 * short signed links handed out only after the reader's own check.
 */

export type ReleaseRefusal =
  | "not_found"
  | "published"
  | "too_many"
  | "too_large"
  | "empty"
  | "wrong_type"
  | "bad_name"
  | "bad_person_count";

/** How long a release link works: opened at once from the page that hands it out. */
const RELEASE_LINK_SECONDS = 5 * 60;

export function listClipReleases(clipId: number) {
  return selectClipReleases(clipId);
}

/** The creator attaches a release to their own clip (any status but processing or failed). */
export async function addClipRelease(input: {
  creatorId: string;
  clipId: number;
  kind: ReleaseKind;
  personCount: number | null;
  file: File;
}): Promise<Result<{ id: number }, ReleaseRefusal>> {
  const clip = await findCreatorClip(input.creatorId, input.clipId);
  if (!clip || clip.status === "processing" || clip.status === "failed") return fail("not_found");
  const personCount = input.kind === "model" ? input.personCount : null;
  if (
    input.kind === "model" &&
    (personCount === null ||
      !Number.isInteger(personCount) ||
      personCount < 1 ||
      personCount > RELEASE_PERSONS_MAX)
  )
    return fail("bad_person_count");
  const fileName = cleanReleaseFileName(input.file.name);
  if (!fileName) return fail("bad_name");
  if (input.file.size === 0) return fail("empty");
  if (input.file.size > RELEASE_MAX_BYTES) return fail("too_large");
  if ((await countClipReleases(clip.id)) >= RELEASES_PER_CLIP_MAX) return fail("too_many");
  const bytes = Buffer.from(await input.file.arrayBuffer());
  const contentType = sniffReleaseType(bytes);
  if (!contentType) return fail("wrong_type");
  const storageKey = `releases/${clip.id}/${randomName()}.${extensionOf(contentType)}`;
  await storage().put(storageKey, bytes, { visibility: "private", contentType });
  const row = await insertClipRelease({
    clipId: clip.id,
    kind: input.kind,
    personCount,
    storageKey,
    fileName,
    contentType,
    byteSize: bytes.length,
    uploadedBy: input.creatorId,
  }).catch(async (error) => {
    await storage().remove(storageKey);
    throw error;
  });
  await refreshSeenPeople(clip.id);
  return ok({ id: row!.id });
}

/** The creator removes a release, until the clip is published (a licence may rest on it then). */
export async function removeClipRelease(input: {
  creatorId: string;
  clipId: number;
  releaseId: number;
}): Promise<Result<undefined, "not_found" | "published">> {
  const clip = await findCreatorClip(input.creatorId, input.clipId);
  if (!clip) return fail("not_found");
  if (clip.status === "published") return fail("published");
  const removed = await deleteClipRelease(clip.id, input.releaseId);
  if (!removed) return fail("not_found");
  await storage().remove(removed.storageKey);
  await refreshSeenPeople(clip.id);
  return ok(undefined);
}

/** A short signed link to one release's file, for a reader the caller has checked. */
export async function releaseFileLink(clipId: number, releaseId: number) {
  const release = await selectClipRelease(clipId, releaseId);
  if (!release) return null;
  return storage().signedUrl(release.storageKey, {
    expiresInSeconds: RELEASE_LINK_SECONDS,
    downloadName: release.fileName,
  });
}

/** What releases are missing for the clip to be licensed commercially; null when none. */
export async function clipReleaseGap(clipId: number): Promise<ReleaseGap | null> {
  return (await releaseGaps([clipId])).get(clipId) ?? null;
}

/** The same for several clips (the review queue): only clips with a gap are in the map. */
export async function releaseGaps(clipIds: number[]) {
  const [people, covers] = await Promise.all([seenPeopleOf(clipIds), selectReleaseCovers(clipIds)]);
  const gaps = new Map<number, ReleaseGap>();
  for (const [clipId, seen] of people) {
    const gap = releaseGap(
      seen,
      covers.filter((cover) => cover.clipId === clipId),
    );
    if (gap) gaps.set(clipId, gap);
  }
  return gaps;
}

/**
 * Files the clip under the people seen and whether releases cover them (Explore's People filter):
 * after a release changes and when the clip is approved.
 */
export async function refreshSeenPeople(clipId: number) {
  const [people, releases, clip] = await Promise.all([
    seenPeopleOf([clipId]),
    selectReleaseCovers([clipId]),
    findLifecycleClip(clipId),
  ]);
  const seen = people.get(clipId) ?? null;
  const peopleCount = peopleCountOf(seen);
  const peopleReleased = peopleReleasedOf(seen, releases);
  // Nothing is written when nothing changed (a refused request changes no row).
  if (!clip || (clip.peopleCount === peopleCount && clip.peopleReleased === peopleReleased)) return;
  await recordClipMedia(clipId, { peopleCount, peopleReleased });
}
