import { ORDER_ID_DISPLAY_LENGTH } from "~/constants";

/** The order id as shown to the buyer: its first 8 characters, uppercased. */
export const shortOrderId = (id: string) => id.slice(0, ORDER_ID_DISPLAY_LENGTH).toUpperCase();

/** Where a paid order's invoice is read (numbered by commerce, rendered by licensing). */
export const invoicePath = (orderId: string) => `/orders/${orderId}/invoice.pdf`;

/** An unpaid order's pro-forma invoice, while it waits for a bank transfer. */
export const proFormaPath = (orderId: string) => `/orders/${orderId}/pro-forma.pdf`;

/** The buyer's page of one order. */
export const orderPath = (orderId: string) => `/orders/${orderId}`;

/** Where an order's credit note is read: one per refund, by its number (the first without one). */
export const creditNotePath = (orderId: string, number?: number) =>
  `/orders/${orderId}/credit-note.pdf${number === undefined ? "" : `?number=${number}`}`;
