import type { ReleaseRefusal } from "./clip-releases.server";
import { RELEASE_PERSONS_MAX, RELEASES_PER_CLIP_MAX } from "./release-rules";

/** What the creator reads when a release is refused, and the answer's status. */
export const RELEASE_REFUSALS: Record<ReleaseRefusal, { status: number; message: string }> = {
  not_found: { status: 404, message: "That clip or release is not one of yours." },
  published: {
    status: 409,
    message: "A published clip keeps its releases: unpublish it first to remove one.",
  },
  too_many: { status: 400, message: `A clip can have at most ${RELEASES_PER_CLIP_MAX} releases.` },
  too_large: { status: 413, message: "A release file can be at most 10 MB." },
  empty: { status: 400, message: "Choose the release file to attach (PDF, JPEG, PNG or WebP)." },
  wrong_type: { status: 415, message: "A release must be a PDF, JPEG, PNG or WebP file." },
  bad_name: { status: 400, message: "The file's name cannot be used: rename the file and try again." },
  bad_person_count: {
    status: 400,
    message: `A model release covers 1 to ${RELEASE_PERSONS_MAX} people: enter how many it names.`,
  },
};
