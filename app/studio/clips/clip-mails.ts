import { PRODUCT_NAME } from "~/constants";

/**
 * The English of the mails a creator gets about a clip, by the lifecycle move that caused them
 * (tests import these). The mails are written from the catalogues (app/locales/<language>/
 * studio-mail.json, clip-mails.server.ts), whose English says the same: a unit test checks.
 */
export const CLIP_MAILS = {
  processed: {
    subject: (title: string) => `"${title}" is processed: add its details`,
    body: (title: string) =>
      `"${title}" is processed. Add a title, niche and tags, then submit it for review:`,
  },
  failed: {
    subject: (title: string) => `"${title}" could not be processed`,
    body: (title: string, reason: string) =>
      `We could not use the upload "${title}": ${reason}\nYou can upload the clip again once the file is fixed.`,
  },
  approve: {
    subject: (title: string) => `Your clip "${title}" is published`,
    body: (title: string) =>
      `Good news: "${title}" passed review and is now in the ${PRODUCT_NAME} catalogue.`,
  },
  reject: {
    subject: (title: string) => `Your clip "${title}" was not accepted`,
    body: (title: string, reason: string) =>
      `"${title}" was reviewed and not accepted: ${reason}\nYou can fix the details and submit it again.`,
  },
  unpublish: {
    subject: (title: string) => `Your clip "${title}" was unpublished`,
    body: (title: string, reason: string) =>
      `"${title}" was taken out of the ${PRODUCT_NAME} catalogue: ${reason}`,
  },
  take_down: {
    subject: (title: string) => `Your clip "${title}" was taken down`,
    body: (title: string, reason: string) => `"${title}" was taken down by our team: ${reason}`,
  },
} as const;
