import { PRODUCT_NAME } from "~/constants";

/** Fixed texts of the content pages that tests and other pages refer to. */
/** The studio replaced the first product's "Upload Coming Soon" notice. */
export const UPLOAD_IN_STUDIO = "Upload in the Studio";
export const WELCOME_HEADING = `Welcome to ${PRODUCT_NAME}!`;

/** What a creator earns, as the Creators Hub says it before anyone applies (the rate comes from config). */
export function royaltyShare(percent: number) {
  const share = `${percent.toLocaleString("en", { maximumFractionDigits: 2 })}%`;
  return `You earn ${share} of every license of your clips: ${share} of what one download of the buyer's plan is worth.`;
}
