import type { PeopleFilter } from "./attributes";

/**
 * People in a clip, as the catalogue files them and as review weighs them against the clip's model
 * releases (docs/decisions/0027-clip-analysis.md, "Releases"). Pure: media's analysis fills the
 * people, studio keeps the releases, and both the approval and Explore's People filter read this.
 */

/** What the analysis saw of people (media/analysis/clip-analysis.ts `SeenPeople`, the part read here). */
export interface PeopleSeen {
  maxCount: number;
  recognisableFaces: number;
}

/** A release as far as the rule needs it: only model releases count, by the people they cover. */
export interface ReleaseCover {
  kind: "model" | "property";
  personCount: number | null;
}

/** Explore's People filter: none, one, or two or more (stored as 2). */
export const PEOPLE_COUNTS = [0, 1, 2] as const;
export type PeopleCount = (typeof PEOPLE_COUNTS)[number];

/** The stored people count each of Explore's People choices stands for. */
export const PEOPLE_COUNT_OF: Record<PeopleFilter, PeopleCount> = { none: 0, one: 1, many: 2 };

/** The people column of a clip: null while not analysed (or when the model failed). */
export function peopleCountOf(people: PeopleSeen | null | undefined): PeopleCount | null {
  if (!people) return null;
  const most = Math.max(0, Math.floor(people.maxCount));
  return most >= 2 ? 2 : (most as PeopleCount);
}

/** How many people the clip's model releases cover together. */
export function releasedPersons(releases: ReleaseCover[]) {
  return releases.reduce((sum, r) => sum + (r.kind === "model" ? (r.personCount ?? 0) : 0), 0);
}

/**
 * What stands between a clip and commercial licensing: when someone can be recognised in it, at
 * least one model release, and model releases that together cover as many people as the most
 * recognisable faces seen in one frame. Null when nothing is missing (no recognisable face, or
 * covered). Verdeo has no editorial licence, so a clip with a gap is not approved at all.
 */
export function releaseGap(people: PeopleSeen | null | undefined, releases: ReleaseCover[]) {
  const faces = people ? Math.max(0, Math.floor(people.recognisableFaces)) : 0;
  if (faces === 0) return null;
  const covered = releasedPersons(releases);
  const models = releases.filter((r) => r.kind === "model").length;
  if (models >= 1 && covered >= faces) return null;
  return { faces, covered };
}

export type ReleaseGap = NonNullable<ReturnType<typeof releaseGap>>;

/** The gap in words, for the reviewer and the creator alike. */
export function releaseGapMessage(gap: ReleaseGap) {
  const people = gap.faces === 1 ? "1 recognisable person" : `${gap.faces} recognisable people`;
  const have =
    gap.covered === 0
      ? "no model release is attached"
      : `the model releases attached cover ${gap.covered} ${gap.covered === 1 ? "person" : "people"}`;
  return `The analysis shows ${people} and ${have}. Attach model releases covering at least ${gap.faces} ${gap.faces === 1 ? "person" : "people"} before this clip can be licensed commercially.`;
}

/** The gap in a few words, for a badge's tooltip-free line in the review queue. */
export function releaseGapSummary(gap: ReleaseGap) {
  const seen = gap.faces === 1 ? "1 recognisable person" : `${gap.faces} recognisable people`;
  return `${seen}; model releases cover ${gap.covered}.`;
}

/**
 * "With releases" in Explore: people are seen and model releases cover them (at least the
 * recognisable faces, and at least one person). Null while not analysed.
 */
export function peopleReleasedOf(people: PeopleSeen | null | undefined, releases: ReleaseCover[]) {
  if (!people) return null;
  if (peopleCountOf(people) === 0) return false;
  const needed = Math.max(1, Math.floor(people.recognisableFaces));
  return releases.some((r) => r.kind === "model") && releasedPersons(releases) >= needed;
}
