import type { ClipStatus } from "~/catalog/clips/attributes";
import { UPLOAD_MESSAGES } from "./uploads/upload-limits";

/** Each clip state's name in the studio's catalogue (the keys are whole for the i18n check). */
export const STATUS_KEYS: Record<ClipStatus, string> = {
  processing: "studio.status.processing",
  needs_details: "studio.status.needsDetails",
  in_review: "studio.status.inReview",
  published: "studio.status.published",
  rejected: "studio.status.rejected",
  failed: "studio.status.failed",
  unpublished: "studio.status.unpublished",
};

/** The upload server's refusals (UPLOAD_MESSAGES), by their English text, to show them translated. */
export const UPLOAD_MESSAGE_KEYS: Record<keyof typeof UPLOAD_MESSAGES, string> = {
  tooLarge: "studio.upload.error.tooLarge",
  tooMany: "studio.upload.error.tooMany",
  badContainer: "studio.upload.error.badContainer",
  notCreator: "studio.upload.error.notCreator",
  notFound: "studio.upload.error.notFound",
  badName: "studio.upload.error.badName",
  tooFast: "studio.upload.error.tooFast",
  empty: "studio.upload.error.empty",
  overrun: "studio.upload.error.overrun",
  notVideoContent: "studio.upload.error.notVideoContent",
  badUploadKey: "studio.upload.error.badUploadKey",
  keyBusy: "studio.upload.error.keyBusy",
};

/** The key of an upload refusal the server sent in English, if it is one of ours. */
export function uploadMessageKey(text: string): string | undefined {
  const found = (Object.keys(UPLOAD_MESSAGES) as (keyof typeof UPLOAD_MESSAGES)[]).find(
    (name) => UPLOAD_MESSAGES[name] === text,
  );
  return found ? UPLOAD_MESSAGE_KEYS[found] : undefined;
}
