import { PRODUCT_NAME } from "~/constants";

/** Fixed texts of the content pages that tests and other pages refer to. */
/** The studio replaced the first product's "Upload Coming Soon" notice. */
export const UPLOAD_IN_STUDIO = "Upload in the Studio";
export const WELCOME_HEADING = `Welcome to ${PRODUCT_NAME}!`;
