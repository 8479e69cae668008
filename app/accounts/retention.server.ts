import { CONTACT_MESSAGE_RETENTION_YEARS } from "~/constants";
import { deleteExpiredAccountData } from "./retention.queries.server";

/**
 * What the privacy policy says accounts keeps no longer: contact messages past their years,
 * expired sessions and verification tokens. Idempotent. Platform deletes only its own rate-limit
 * windows, and commerce its never-paid orders (docs/architecture.md: a domain writes only its tables).
 */
export function deleteExpiredAccountDataNow(now = new Date()) {
  return deleteExpiredAccountData(now, CONTACT_MESSAGE_RETENTION_YEARS);
}
