import { DETAILS_MESSAGES } from "./clip-details-schema";

/** What the clip page says when the studio refuses a change (keyed by the service's reason). */
export const CLIP_FAILURE_MESSAGES = {
  not_found: "This clip does not exist.",
  not_editable: "This clip cannot be edited while it is processing.",
  bad_niche: DETAILS_MESSAGES.niche,
  bad_sub_niche: DETAILS_MESSAGES.subNiche,
  wrong_status: "This clip cannot be submitted for review in its current state.",
} as const;

export const CLIP_SAVED_MESSAGES = {
  submitted: "Submitted for review. We will mail you when it is decided.",
  live: "Saved: the changes are live.",
  saved: "Details saved.",
  unpublished: "The clip is unpublished.",
  deleted: (title: string) => `"${title}" was deleted.`,
} as const;

/** How the details form names each choice. */
export const CHOICE_LABELS = {
  mood: { cinematic: "Cinematic", calm: "Calm", energetic: "Energetic" },
  license: { standard: "Standard and Extended on request", extended: "Standard and Extended" },
  orientation: { landscape: "Landscape", portrait: "Portrait", square: "Square" },
  colorTone: { warm: "Warm", cool: "Cool", neutral: "Neutral" },
} as const;
