import {
  MAX_CLIP_SECONDS,
  MAX_FRAME_RATE,
  MEDIA_FAILURES,
  MIN_CLIP_SECONDS,
  MIN_LONG_SIDE,
  MIN_SHORT_SIDE,
} from "~/media/renditions/media-rules";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { type I18n, makeI18n } from "~/platform/i18n/i18n";
import type { MessageValues } from "~/platform/i18n/messages";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { DETAILS_MESSAGES } from "./clips/clip-details-schema";
import { CLIP_FAILURE_MESSAGES } from "./clips/clip-texts";
import { SUGGESTION_MESSAGES } from "./clips/keyword-suggestions.server";
import { RELEASE_REFUSALS } from "./releases/release-texts";

/** The studio's messages in the page's language, for what its actions answer. */
export function studioI18n(params: { lang?: string }): I18n {
  const locale = pageLocaleOf(params);
  return makeI18n(locale, messagesFor(locale, ["studio"]));
}

/**
 * The key of each message the studio's forms share as an English constant (tests compare the
 * English text, so the constants stay): a reply is translated by looking its sentences up here.
 */
const KEYS = new Map<string, string>([
  [DETAILS_MESSAGES.titleShort, "studio.details.error.titleShort"],
  [DETAILS_MESSAGES.titleLong, "studio.details.error.titleLong"],
  [DETAILS_MESSAGES.descriptionLong, "studio.details.error.descriptionLong"],
  [DETAILS_MESSAGES.tooManyTags, "studio.details.error.tooManyTags"],
  [DETAILS_MESSAGES.tagLong, "studio.details.error.tagLong"],
  [DETAILS_MESSAGES.noTags, "studio.details.error.noTags"],
  [DETAILS_MESSAGES.niche, "studio.details.error.niche"],
  [DETAILS_MESSAGES.subNiche, "studio.details.error.subNiche"],
  [DETAILS_MESSAGES.profanity, "studio.details.error.profanity"],
  [DETAILS_MESSAGES.invalid, "studio.details.error.invalid"],
  [DETAILS_MESSAGES.choose, "studio.details.error.choose"],
  [CLIP_FAILURE_MESSAGES.not_found, "studio.clip.error.notFound"],
  [CLIP_FAILURE_MESSAGES.not_editable, "studio.clip.error.notEditable"],
  [CLIP_FAILURE_MESSAGES.wrong_status, "studio.clip.error.wrongStatus"],
  [SUGGESTION_MESSAGES.notOffered, "studio.details.error.notOffered"],
  [RELEASE_REFUSALS.not_found.message, "studio.releases.error.notFound"],
  [RELEASE_REFUSALS.published.message, "studio.releases.error.published"],
  [RELEASE_REFUSALS.too_large.message, "studio.releases.error.tooLarge"],
  [RELEASE_REFUSALS.empty.message, "studio.releases.error.empty"],
  [RELEASE_REFUSALS.wrong_type.message, "studio.releases.error.wrongType"],
  [RELEASE_REFUSALS.bad_name.message, "studio.releases.error.badName"],
  ["Choose model release or property release.", "studio.releases.error.kind"],
]);

/** One of the studio's English sentences in the page's language (anything else as it is). */
export function studioText(i18n: I18n, text: string): string {
  const key = KEYS.get(text);
  return key ? i18n.t(key) : text;
}

/** Why processing failed, as the pipeline stores it in English on the clip: each reason's key. */
const FAILURE_KEYS = new Map<string, [string, MessageValues?]>([
  [MEDIA_FAILURES.notVideo, ["studio.failure.notVideo"]],
  [MEDIA_FAILURES.unreadable, ["studio.failure.unreadable"]],
  [MEDIA_FAILURES.tooShort, ["studio.failure.tooShort", { seconds: MIN_CLIP_SECONDS }]],
  [MEDIA_FAILURES.tooLong, ["studio.failure.tooLong", { seconds: MAX_CLIP_SECONDS }]],
  [MEDIA_FAILURES.tooSmall, ["studio.failure.tooSmall", { width: MIN_LONG_SIDE, height: MIN_SHORT_SIDE }]],
  [
    MEDIA_FAILURES.tooManyFrames,
    ["studio.failure.tooManyFrames", { seconds: MAX_CLIP_SECONDS, fps: MAX_FRAME_RATE }],
  ],
  [MEDIA_FAILURES.overBudget, ["studio.failure.overBudget"]],
  [MEDIA_FAILURES.stuck, ["studio.failure.stuck"]],
]);

/**
 * A clip's status reason in the page's language: the pipeline's own reasons are translated; what a
 * reviewer wrote is shown as they wrote it.
 */
export function clipReasonText(i18n: I18n, reason: string | null): string | null {
  const found = reason === null ? undefined : FAILURE_KEYS.get(reason);
  return found ? i18n.t(found[0], found[1]) : reason;
}
