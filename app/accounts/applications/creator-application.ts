import { z } from "zod";
import { PRODUCT_NAME } from "~/constants";
import { noControlChars } from "~/platform/text/text";

/** Creator applications: what /creators-hub asks for and how staff decide (client and server). */
export const APPLICATION_STATUSES = ["pending", "approved", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  declined: "Declined",
};

export const APPLICATION_MESSAGE_MAX = 2_000;
export const PORTFOLIO_URL_MAX = 500;
export const DECISION_MESSAGE_MAX = 2_000;

export const APPLICATION_TEXTS = {
  portfolioInvalid: "Enter the full address of your portfolio, starting with https://",
  messageRequired: "Tell us a little about the footage you shoot.",
  messageTooLong: `Keep the message under ${APPLICATION_MESSAGE_MAX.toLocaleString("en")} characters.`,
  termsRequired: "Please accept the contributor terms.",
  controlChars: "The text contains characters we cannot accept.",
  submitted: "Thanks! Your application is in; we reply by email, usually within a few days.",
  alreadyPending: "Your application is already with us; we reply by email.",
  alreadyCreator: `You are already a ${PRODUCT_NAME} creator.`,
  notSignedIn: "Log in to apply as a creator.",
  declineMessageRequired: "Tell the applicant why, in a sentence or two.",
  // The mails' English, which tests compare them with: the mails are written from the catalogues
  // (app/locales/<language>/accounts-mail.json), whose English must say the same.
  receivedMailSubject: `We received your ${PRODUCT_NAME} creator application`,
  receivedMailBody:
    "Thank you for applying to publish your footage with us. A person on our team looks at your portfolio and replies by email, usually within a few days.",
  approvedMailSubject: `Welcome to ${PRODUCT_NAME}'s creators`,
  declinedMailSubject: `Your ${PRODUCT_NAME} creator application`,
} as const;

export const CreatorApplicationSchema = z.object({
  portfolioUrl: z
    .string({ error: APPLICATION_TEXTS.portfolioInvalid })
    .trim()
    .max(PORTFOLIO_URL_MAX, APPLICATION_TEXTS.portfolioInvalid)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, APPLICATION_TEXTS.portfolioInvalid),
  message: z
    .string({ error: APPLICATION_TEXTS.messageRequired })
    .trim()
    .min(1, APPLICATION_TEXTS.messageRequired)
    .max(APPLICATION_MESSAGE_MAX, APPLICATION_TEXTS.messageTooLong)
    .refine(noControlChars, APPLICATION_TEXTS.controlChars),
  terms: z.literal("on", { error: APPLICATION_TEXTS.termsRequired }),
});
export type CreatorApplication = z.infer<typeof CreatorApplicationSchema>;

export const ApplicationDecisionSchema = z.discriminatedUnion("decision", [
  z.object({
    decision: z.literal("approve"),
    message: z
      .string()
      .trim()
      .max(DECISION_MESSAGE_MAX)
      .refine(noControlChars, APPLICATION_TEXTS.controlChars)
      .optional()
      .default(""),
  }),
  z.object({
    decision: z.literal("decline"),
    message: z
      .string({ error: APPLICATION_TEXTS.declineMessageRequired })
      .trim()
      .min(1, APPLICATION_TEXTS.declineMessageRequired)
      .max(DECISION_MESSAGE_MAX)
      .refine(noControlChars, APPLICATION_TEXTS.controlChars),
  }),
]);
export type ApplicationDecision = z.infer<typeof ApplicationDecisionSchema>;
