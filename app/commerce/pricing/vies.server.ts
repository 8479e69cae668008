import { type ViesStatus, vatPrefixOf } from "~/payments/tax";
import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { findOrderById, recordViesResult } from "../orders/order.queries.server";

/**
 * Legacy: the check of a placed order's VAT number, queued before reverse charge waited for a
 * confirmation (pricing/vat-check.server.ts now checks per number before pricing). Kept so jobs queued
 * before that still run; VIES's answer is stored on the order for the team.
 */

const VIES_TIMEOUT_MS = 10_000;

/** VIES could not answer (network, 5xx, a member state's service down): the job is retried. */
export class ViesUnavailable extends Error {}

/** Asks VIES whether a VAT number (with its prefix, as stored on orders) is registered. */
export async function askVies(
  baseUrl: string,
  vatNumber: string,
  country: string,
): Promise<"valid" | "invalid"> {
  const prefix = vatPrefixOf(country);
  const body = { countryCode: prefix, vatNumber: vatNumber.slice(prefix.length) };
  let response: Response;
  try {
    response = await fetch(new URL("check-vat-number", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ViesUnavailable(`VIES unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new ViesUnavailable(`VIES answered ${response.status}`);
  const answer = (await response.json().catch(() => null)) as { valid?: unknown } | null;
  if (typeof answer?.valid !== "boolean") throw new ViesUnavailable("VIES answered without a verdict");
  return answer.valid ? "valid" : "invalid";
}

export const viesCheckJob = defineJob<{ orderId: string }>({
  name: "commerce.vies-check",
  handler: async ({ orderId }) => {
    const order = await findOrderById(orderId);
    if (!order?.vatNumber) return;
    const url = config().VIES_URL;
    if (!url) {
      await recordViesResult(orderId, "skipped", new Date());
      return;
    }
    let status: ViesStatus;
    try {
      status = await askVies(url, order.vatNumber, order.country);
    } catch (error) {
      // Recorded so the team sees it was tried; the retry overwrites it with VIES's answer.
      await recordViesResult(orderId, "unavailable", new Date());
      throw error;
    }
    await recordViesResult(orderId, status, new Date());
    if (status === "invalid") {
      logger.warn(
        { orderId, vatNumber: order.vatNumber },
        "VIES does not know this VAT number (reverse charge applied)",
      );
    }
  },
  retryLimit: 6,
  retryDelaySeconds: 60,
  retryBackoff: true,
  retryDelayMaxSeconds: 6 * 3600,
});

/** Queues the legacy check in a transaction (no longer called when placing an order). */
export function queueViesCheck(tx: Executor, orderId: string) {
  return enqueue(viesCheckJob, { orderId }, { tx, singletonKey: orderId });
}
