import { ORDER_ID_DISPLAY_LENGTH } from "~/constants";

/** The order id as shown to the buyer: its first 8 characters, uppercased. */
export const shortOrderId = (id: string) => id.slice(0, ORDER_ID_DISPLAY_LENGTH).toUpperCase();
