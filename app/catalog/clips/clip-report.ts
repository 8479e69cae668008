import { z } from "zod";
import { noControlChars } from "~/platform/text/text";

/** "Report this clip": what a visitor may say, and how staff settle a report (client and server). */
export const REPORT_REASONS = ["copyright", "offensive", "misleading", "spam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  copyright: "Copyright or ownership",
  offensive: "Offensive or harmful content",
  misleading: "Misleading title or details",
  spam: "Spam",
  other: "Something else",
};

export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: "Open",
  resolved: "Resolved",
  dismissed: "Dismissed",
};

export const REPORT_DETAILS_MAX = 2_000;

export const REPORT_TEXTS = {
  reasonRequired: "Choose what is wrong with this clip.",
  detailsRequired: "Tell us what is wrong, in a sentence or two.",
  detailsTooLong: `Keep the details under ${REPORT_DETAILS_MAX.toLocaleString("en")} characters.`,
  controlChars: "The text contains characters we cannot accept.",
  sent: "Thanks for the report. Our team will look at this clip.",
  rateLimited: "You have sent several reports just now. Please try again later.",
  notFound: "This clip is no longer available.",
  failed: "Your report could not be sent. Please try again.",
} as const;

export const ClipReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: REPORT_TEXTS.reasonRequired }),
  details: z
    .string({ error: REPORT_TEXTS.detailsRequired })
    .trim()
    .min(1, REPORT_TEXTS.detailsRequired)
    .max(REPORT_DETAILS_MAX, REPORT_TEXTS.detailsTooLong)
    .refine(noControlChars, REPORT_TEXTS.controlChars),
});
export type ClipReport = z.infer<typeof ClipReportSchema>;
