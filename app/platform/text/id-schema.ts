import { z } from "zod";

/** PostgreSQL's `integer`: serial ids, counts and prices in cents are stored in it. */
export const INT4_MAX = 2_147_483_647;

/**
 * A serial id as it arrives in a form, a query or a path: a whole number that fits the column, so
 * 2^31 is a 400 at the boundary rather than an "out of range" from the database.
 */
export const SerialIdSchema = z.coerce.number().int().min(1).max(INT4_MAX);
