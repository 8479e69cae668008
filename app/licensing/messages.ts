/** Licensing's texts, shared by its pages and the tests. */
export const DOWNLOAD_MESSAGES = {
  needsPlan:
    "Downloading a clip needs a plan with downloads left. Choose a plan below; once it is paid, every download includes its license.",
  /** A Download press while the buyer's order waits for its payment: no second purchase. */
  awaitingPayment: (orderNumber: string) =>
    `Your order ${orderNumber} is awaiting payment: your downloads start as soon as it is paid. Here is how to pay it.`,
  chooseFile: "Choose one of the files offered.",
  linkExpired:
    "This download link has expired. Open the clip and download it again (it is free once licensed).",
} as const;

export const NO_DOWNLOADS = "No downloads yet";

const dateFormatter = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** An ISO date (or Date) as "23 November 2026" (UTC, so server and browser agree). */
export function formatDate(value: string | Date): string {
  return dateFormatter.format(typeof value === "string" ? new Date(value) : value);
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
