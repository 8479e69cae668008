import { CLIP_STATUSES, type ClipStatus } from "./attributes";

/**
 * Every way a clip's status may change, in one table: who makes the change, from which states, to
 * which state. `moveClip` in clip-lifecycle.server.ts refuses anything else; what follows a change
 * (status_changed_at, search index, audit entry, the `clip.status-changed` event that mails the
 * creator) is decided there from the row, never by the caller.
 */
export type ClipActorKind = "pipeline" | "creator" | "staff" | "seed";

export interface ClipTransition {
  by: ClipActorKind;
  from: readonly ClipStatus[];
  /** `null`: the caller names the target (the demo seed restores any snapshot). */
  to: ClipStatus | null;
}

const ALL = CLIP_STATUSES;

/** How a clip's status is named on every screen (studio, staff console, catalog): once, here. */
export const CLIP_STATUS_LABELS: Record<ClipStatus, string> = {
  processing: "Processing",
  needs_details: "Needs details",
  in_review: "In review",
  published: "Published",
  rejected: "Rejected",
  failed: "Failed",
  unpublished: "Unpublished",
};

export const CLIP_TRANSITIONS = {
  /** The media pipeline made the previews: the creator fills in the details. */
  processed: { by: "pipeline", from: ["processing"], to: "needs_details" },
  /** The file cannot be used (or processing never finished); the reason says why. */
  failed: { by: "pipeline", from: ["processing"], to: "failed" },
  /** The creator sends the details to review (again, after a rejection or an unpublish). */
  submit: { by: "creator", from: ["needs_details", "rejected", "unpublished"], to: "in_review" },
  /** The creator takes their clip out of the catalogue, or out of review. */
  withdraw: { by: "creator", from: ["published", "in_review"], to: "unpublished" },
  approve: { by: "staff", from: ["in_review"], to: "published" },
  reject: { by: "staff", from: ["in_review"], to: "rejected" },
  unpublish: { by: "staff", from: ["published"], to: "unpublished" },
  /** A complaint or a claim: staff take a clip down from wherever it stands. */
  take_down: { by: "staff", from: ALL.filter((status) => status !== "unpublished"), to: "unpublished" },
  /** The demo seed renders its published clips again and restores saved demo states. */
  demo: { by: "seed", from: ALL, to: null },
} as const satisfies Record<string, ClipTransition>;

export type ClipTransitionName = keyof typeof CLIP_TRANSITIONS;

/** Whether `name` may move a clip that is in `status` (the creator's buttons ask this too). */
export function canMoveClip(name: ClipTransitionName, status: ClipStatus) {
  return (CLIP_TRANSITIONS[name].from as readonly ClipStatus[]).includes(status);
}
