import { DETAILS_MESSAGES } from "./clip-details-schema";

/** What the clip page says when the studio refuses a change (keyed by the service's reason). */
export const CLIP_FAILURE_MESSAGES = {
  not_found: "This clip does not exist.",
  not_editable: "This clip cannot be edited while it is processing.",
  bad_niche: DETAILS_MESSAGES.niche,
  bad_sub_niche: DETAILS_MESSAGES.subNiche,
  wrong_status: "This clip cannot be submitted for review in its current state.",
} as const;

/** How the details form names each choice: its key in the studio's catalogue. */
export const CHOICE_LABELS = {
  mood: {
    cinematic: "studio.choice.mood.cinematic",
    calm: "studio.choice.mood.calm",
    energetic: "studio.choice.mood.energetic",
  },
  license: { standard: "studio.choice.license.standard", extended: "studio.choice.license.extended" },
  orientation: {
    landscape: "studio.choice.orientation.landscape",
    portrait: "studio.choice.orientation.portrait",
    square: "studio.choice.orientation.square",
  },
  colorTone: {
    warm: "studio.choice.colorTone.warm",
    cool: "studio.choice.colorTone.cool",
    neutral: "studio.choice.colorTone.neutral",
  },
} as const;
