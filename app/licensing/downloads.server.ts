import { findLifecycleClip, recordClipDownload } from "~/catalog/clips/clip-lifecycle.server";
import { findOrderById } from "~/commerce/orders/orders.server";
import { planName } from "~/commerce/pricing/plans";
import { divideRoundHalfUp } from "~/commerce/pricing/pricing-math";
import { listClipRenditions } from "~/media/renditions/clip-renditions.server";
import { toEuroCents } from "~/payments/currencies";
import { creditRoyalty } from "~/payouts/ledger/ledger.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { publishEvent } from "~/platform/events.server";
import { logger } from "~/platform/logger.server";
import { downloadsTotal } from "~/platform/metrics/business.server";
import { downloadFiles } from "./download-files.server";
import { type Entitlement, findSpendableEntitlement, spendDownload } from "./entitlement.queries.server";
import { licenseCreated } from "./events.server";
import { findLicenseOfClip, insertLicense, type License, lockBuyer } from "./license.queries.server";
import { newLicenseId } from "./license-id";

export interface Licensee {
  userId: string;
  name: string;
  email: string;
}

export type LicenseClipResult =
  | { ok: true; value: { license: License; created: boolean } }
  | { ok: false; reason: "clip_not_found" | "no_entitlement" };

/**
 * Licenses a clip to the buyer: a re-download of a clip they already licensed is free; otherwise
 * one download of the entitlement that expires first is spent, the license is written, the
 * creator's royalty is credited and the clip's download count goes up, all in one transaction.
 * A buyer's licensing runs one at a time (an advisory lock), so parallel clicks cannot spend a
 * credit twice or license the same clip twice.
 */
export async function licenseClip(input: {
  licensee: Licensee;
  clipId: number;
  now?: Date;
}): Promise<LicenseClipResult> {
  const now = input.now ?? new Date();
  const { licensee, clipId } = input;
  return db().transaction(async (tx) => {
    await lockBuyer(tx, licensee.userId);
    const existing = await findLicenseOfClip(tx, licensee.userId, clipId);
    if (existing) return { ok: true, value: { license: existing, created: false } } as const;

    const clip = await findLifecycleClip(clipId, tx);
    if (clip?.status !== "published") return { ok: false, reason: "clip_not_found" } as const;
    const entitlement = await findSpendableEntitlement(tx, licensee.userId, now);
    if (!entitlement) return { ok: false, reason: "no_entitlement" } as const;
    // Conditional: a refund committed since the read leaves nothing to spend.
    const spent = await spendDownload(tx, entitlement.id, licensee.userId, now);
    if (!spent) return { ok: false, reason: "no_entitlement" } as const;

    const order = await findOrderById(entitlement.orderId, tx);
    const license = await insertLicense(tx, {
      id: newLicenseId(),
      userId: licensee.userId,
      clipId: clip.id,
      entitlementId: entitlement.id,
      orderId: entitlement.orderId,
      licenseKind: entitlement.licenseKind,
      licenseeName: order?.company?.trim() || licensee.name || licensee.email,
      licenseeEmail: licensee.email,
      clipTitle: clip.title,
      creatorName: clip.creatorName,
      createdAt: now,
    });
    // Royalties are in euros: the entitlement's price is worth its euros at the order's rate (decision 0026).
    const royalty = royaltyFor({
      downloadsTotal: entitlement.downloadsTotal,
      priceCents: order
        ? toEuroCents(entitlement.priceCents, order.currency, order.eurRate)
        : entitlement.priceCents,
    });
    await creditRoyalty(tx, {
      licenseId: license.id,
      orderId: entitlement.orderId,
      creatorId: clip.creatorId,
      clipId: clip.id,
      clipTitle: clip.title,
      planName: order ? planName(order) : "",
      baseCents: royalty.baseCents,
      rateBps: royalty.rateBps,
      amountCents: royalty.amountCents,
      at: now,
    });
    await recordClipDownload(tx, clip.id);
    await publishEvent(
      licenseCreated,
      {
        licenseId: license.id,
        userId: licensee.userId,
        clipId: clip.id,
        clipTitle: clip.title,
        licenseKind: license.licenseKind,
        createdAt: now,
      },
      { tx },
    );
    logger.info({ licenseId: license.id, clipId: clip.id, userId: licensee.userId }, "clip licensed");
    downloadsTotal.inc();
    return { ok: true, value: { license, created: true } } as const;
  });
}

/**
 * What the creator earns for one license: the configured share of what one download of the plan
 * is worth (the period's price over its downloads, or a set amount for unlimited plans), in cents.
 */
export function royaltyFor(
  entitlement: Pick<Entitlement, "priceCents" | "downloadsTotal">,
  settings = config(),
) {
  const baseCents =
    entitlement.downloadsTotal === 0
      ? settings.UNLIMITED_DOWNLOAD_VALUE_CENTS
      : divideRoundHalfUp(entitlement.priceCents, entitlement.downloadsTotal);
  const rateBps = settings.ROYALTY_RATE_BPS;
  return { baseCents, rateBps, amountCents: divideRoundHalfUp(baseCents * rateBps, 10_000) };
}

/**
 * The clip as licensing needs it, in any state (a licensed clip stays downloadable if
 * unpublished), with the files it offers.
 */
export async function findClipForDownload(clipId: number) {
  const clip = await findLifecycleClip(clipId);
  if (!clip) return undefined;
  return { clip, files: downloadFiles(clip, await listClipRenditions(clipId)) };
}
