import { z } from "zod";
import { hasControlCharacters } from "./plain-text";

/** Why a reviewer turns a clip down: the creator reads the text in the studio and in the mail. */
export const REJECTION_REASONS = {
  quality: "The footage does not meet our technical standards (focus, exposure, stability or compression).",
  rights: "We could not confirm that you own the rights to this footage.",
  duplicate: "This clip is the same as, or too close to, one already in the catalogue.",
  people: "Recognisable people or private property need a signed release.",
  logos: "Visible logos, brands or trademarks cannot be licensed.",
  metadata: "The title, description or tags do not describe the clip accurately.",
  content: "The content breaks our content rules.",
  other: "The clip does not fit the catalogue.",
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;

/** Why staff take a published clip out of the catalogue. */
export const UNPUBLISH_REASONS = {
  copyright: "A copyright complaint was upheld.",
  content: "The clip breaks our content rules.",
  quality: "A problem with the file was reported and confirmed.",
  other: "The clip was taken out of the catalogue by our team.",
} as const;
export type UnpublishReason = keyof typeof UNPUBLISH_REASONS;

export const REVIEW_NOTE_MAX = 1000;

// Printable text and line breaks only: a control character in a note is a forged request.
const note = z
  .string()
  .trim()
  .max(REVIEW_NOTE_MAX, `Keep the note under ${REVIEW_NOTE_MAX} characters.`)
  .refine((value) => !hasControlCharacters(value), "The note has invalid characters.");

const clipId = z.coerce.number().int().positive().max(2_147_483_647);

export const RejectClipSchema = z.object({
  clipId,
  reason: z.enum(Object.keys(REJECTION_REASONS) as [RejectionReason, ...RejectionReason[]], {
    error: "Choose a reason.",
  }),
  note: note.optional().default(""),
});

export const UnpublishClipSchema = z.object({
  clipId,
  reason: z.enum(Object.keys(UNPUBLISH_REASONS) as [UnpublishReason, ...UnpublishReason[]], {
    error: "Choose a reason.",
  }),
  note: note.optional().default(""),
});

export const ApproveClipSchema = z.object({ clipId });
