import { z } from "zod";
import { PRODUCT_NAME } from "~/constants";

/**
 * A monthly statement's period and files, shared by the studio pages and the server: a period is a
 * calendar month, YYYY-MM; its PDF and CSV live at /studio/statements/YYYY-MM.pdf and .csv.
 */
export const StatementPeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "a month as YYYY-MM");

export const STATEMENT_FORMATS = ["pdf", "csv"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** "2026-11.pdf" → { period: "2026-11", format: "pdf" }; anything else is not a statement file. */
export const StatementFileSchema = z
  .string()
  .max(20)
  .regex(/^\d{4}-(0[1-9]|1[0-2])\.(pdf|csv)$/)
  .transform((file) => {
    const [period, format] = file.split(".") as [string, StatementFormat];
    return { period, format };
  });

/** A statement's file; staff name the creator whose statement it is (the console links so). */
export function statementPath(period: string, format: StatementFormat, creatorId?: string) {
  const path = `/studio/statements/${period}.${format}`;
  return creatorId ? `${path}?creator=${encodeURIComponent(creatorId)}` : path;
}

const monthFormatters = new Map<string, Intl.DateTimeFormat>();

/** The moment a period ends (exclusive): "2026-11" → 2026-12-01T00:00:00Z. */
export function periodEnd(period: string): Date {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1));
}

/** The period a moment falls in (UTC): 2026-11-26T19:00Z → "2026-11". */
export function periodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** "2026-11" → "November 2026"; in another language (`tag`, BCP 47): "novembre 2026", "2026年11月". */
export function periodLabel(period: string, tag = "en") {
  let formatter = monthFormatters.get(tag);
  if (!formatter) {
    // English months in British English, as the site writes its dates.
    formatter = new Intl.DateTimeFormat(tag === "en" ? "en-GB" : tag, {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    monthFormatters.set(tag, formatter);
  }
  return formatter.format(new Date(`${period}-01T00:00:00Z`));
}

/** The statement mail's English subject (tests compare it; the mail is written from payouts-mail.json). */
export function statementMailSubject(period: string) {
  return `Your ${PRODUCT_NAME} statement for ${periodLabel(period)}`;
}

/** How each kind of ledger line reads on the earnings page and on statements. */
export const LINE_KIND_LABELS = {
  royalty: "Royalty",
  reversal: "Reversal",
  restoration: "Restoration",
} as const;
