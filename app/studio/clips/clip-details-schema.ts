import { z } from "zod";
import { containsProfanity } from "~/accounts/profiles/profanity";
import { COLOR_TONES, LICENSES, MOODS, ORIENTATIONS } from "~/catalog/clips/attributes";
import { hasControlCharacters } from "./plain-text";

/** What a creator fills in for a clip; the server parses every submission with it. */
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 2000;
export const TAGS_MAX = 30;
export const TAG_MAX_LENGTH = 30;

export const DETAILS_MESSAGES = {
  titleShort: `Give the clip a title of at least ${TITLE_MIN} characters.`,
  titleLong: `Keep the title under ${TITLE_MAX} characters.`,
  descriptionLong: `Keep the description under ${DESCRIPTION_MAX} characters.`,
  tooManyTags: `Use at most ${TAGS_MAX} tags.`,
  tagLong: `Each tag can have at most ${TAG_MAX_LENGTH} characters.`,
  noTags: "Add at least one tag, so buyers can find the clip.",
  niche: "Choose a niche.",
  subNiche: "Choose a sub-niche of the chosen niche.",
  /** Without JavaScript the list shows every niche's sub-niches, so a mismatch is named plainly. */
  subNicheOf: (subNiche: string, niche: string) =>
    `"${subNiche}" is not a sub-niche of ${niche}. Choose one of ${niche}'s sub-niches, or None.`,
  profanity: "Please keep titles, descriptions and tags friendly and respectful.",
  invalid: "This text has characters we cannot accept.",
  choose: "Choose one of the options.",
} as const;

const text = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value), DETAILS_MESSAGES.invalid)
    .refine((value) => !containsProfanity(value), DETAILS_MESSAGES.profanity);

/** "sunset, Beach ,  drone" → ["sunset", "beach", "drone"]: lowercased, unique, in order. */
export function parseTags(value: string) {
  const seen = new Set<string>();
  for (const raw of value.split(/[,\n]/)) {
    const tag = raw.trim().replace(/\s+/g, " ").toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: DETAILS_MESSAGES.choose });

export const ClipDetailsSchema = z.object({
  title: text(TITLE_MAX, DETAILS_MESSAGES.titleLong).pipe(
    z.string().min(TITLE_MIN, DETAILS_MESSAGES.titleShort),
  ),
  description: text(DESCRIPTION_MAX, DETAILS_MESSAGES.descriptionLong).default(""),
  nicheId: z.string({ error: DETAILS_MESSAGES.niche }).trim().min(1, DETAILS_MESSAGES.niche).max(40),
  subNiche: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.string({ error: DETAILS_MESSAGES.subNiche }).trim().max(60, DETAILS_MESSAGES.subNiche).nullable(),
  ),
  mood: choice(MOODS),
  license: choice(LICENSES),
  orientation: choice(ORIENTATIONS),
  colorTone: choice(COLOR_TONES),
  tags: z
    .string()
    .max(4000, DETAILS_MESSAGES.tooManyTags)
    .refine((value) => !hasControlCharacters(value), DETAILS_MESSAGES.invalid)
    .transform(parseTags)
    .pipe(
      z
        .array(
          z
            .string()
            .max(TAG_MAX_LENGTH, DETAILS_MESSAGES.tagLong)
            .refine((tag) => !containsProfanity(tag), DETAILS_MESSAGES.profanity),
        )
        .min(1, DETAILS_MESSAGES.noTags)
        .max(TAGS_MAX, DETAILS_MESSAGES.tooManyTags),
    ),
});
export type ClipDetailsInput = z.infer<typeof ClipDetailsSchema>;
