import { PRODUCT_NAME } from "~/constants";

/** Fixed texts of the content pages that tests and other pages refer to. */
export const UPLOAD_COMING_SOON = "Upload Coming Soon";
export const WELCOME_HEADING = `Welcome to ${PRODUCT_NAME}!`;
