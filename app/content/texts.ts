import { PRODUCT_NAME } from "~/constants";

/** Fixed texts of the content pages that tests and other pages refer to (English; the pages say them
 * from the "content" catalogue, whose English is the same). */
/** The studio replaced the first product's "Upload Coming Soon" notice. */
export const UPLOAD_IN_STUDIO = "Upload in the Studio";
export const WELCOME_HEADING = `Welcome to ${PRODUCT_NAME}!`;

/** A creator's share as a percentage in a language: `50%`, `47,5 %`. */
export function sharePercent(tag: string, percent: number) {
  return new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}

/** What a creator earns, as the Creators Hub says it before anyone applies (the rate comes from config). */
export function royaltyShare(percent: number) {
  const share = sharePercent("en", percent);
  return `You earn ${share} of every license of your clips: ${share} of what one download of the buyer's plan is worth.`;
}
