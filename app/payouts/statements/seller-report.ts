import { z } from "zod";

/** The first year the annual seller report (DAC7) covers. */
export const REPORT_FIRST_YEAR = 2020;

export const reportYearText = (now: Date) =>
  `Choose a year between ${REPORT_FIRST_YEAR} and ${now.getUTCFullYear()}.`;

/** The report's year: 2020 to this year (UTC), as the URL gives it. */
export function reportYearSchema(now: Date) {
  const message = reportYearText(now);
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(REPORT_FIRST_YEAR, message)
    .max(now.getUTCFullYear(), message);
}

/** The years the console offers, newest first. */
export function reportYears(now: Date): number[] {
  const years: number[] = [];
  for (let year = now.getUTCFullYear(); year >= REPORT_FIRST_YEAR; year -= 1) years.push(year);
  return years;
}

/** `sellers`: the DAC7 fields of each creator paid; `missing`: creators paid whose details are missing. */
export const REPORT_PARTS = ["sellers", "missing"] as const;
export type ReportPart = (typeof REPORT_PARTS)[number];

/** The reporting period a year's report covers, as its first column gives it. */
export const reportPeriodText = (year: number) => `${year}-01-01 to ${year}-12-31`;
