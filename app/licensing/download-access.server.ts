import path from "node:path";
import type { LifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { orderPath, shortOrderId } from "~/commerce/orders/order-id";
import { findOrderAwaitingPayment } from "~/commerce/orders/orders.server";
import { db } from "~/platform/db/client.server";
import { storage } from "~/platform/storage/storage.server";
import type { DownloadFile } from "./download-files.server";
import {
  DOWNLOAD_LINK_SECONDS,
  STORAGE_LINK_SECONDS,
  signDownloadLink,
  verifyDownloadLink,
} from "./download-link.server";
import { findClipForDownload, type Licensee, licenseClip } from "./downloads.server";
import { type Entitlement, findSpendableEntitlement } from "./entitlement.queries.server";
import { findLicense, findLicenseOfClip, type License } from "./license.queries.server";
import { DOWNLOAD_MESSAGES } from "./messages";
import type { DownloadVariant } from "./variants";

export type DownloadOffer =
  | { state: "not_found" }
  | { state: "needs_plan"; clip: LifecycleClip }
  | { state: "licensed"; clip: LifecycleClip; license: License; files: DownloadFile[] }
  | { state: "available"; clip: LifecycleClip; entitlement: Entitlement; files: DownloadFile[] };

/**
 * What the Download dialog offers this buyer for a clip: a free re-download of a clip they
 * licensed, the entitlement a new license would use, or nothing (they need a plan).
 */
export async function findDownloadOffer(
  userId: string,
  clipId: number,
  now = new Date(),
): Promise<DownloadOffer> {
  const found = await findClipForDownload(clipId);
  if (!found) return { state: "not_found" };
  const { clip, files } = found;
  const license = await findLicenseOfClip(db(), userId, clipId);
  if (license) return { state: "licensed", clip, license, files };
  if (clip.status !== "published") return { state: "not_found" };
  if (files.length === 0) return { state: "not_found" };
  const entitlement = await findSpendableEntitlement(db(), userId, now);
  if (!entitlement) return { state: "needs_plan", clip };
  return { state: "available", clip, entitlement, files };
}

export type StartDownloadResult =
  | { ok: true; value: { url: string; license: License; created: boolean; expiresInSeconds: number } }
  | { ok: false; reason: "clip_not_found" | "no_such_file" | "no_entitlement" };

/**
 * The Download button: licenses the clip (or reuses the buyer's license) and returns a link to the
 * chosen file that only this buyer's session can use, for a few minutes.
 */
export async function startDownload(input: {
  licensee: Licensee;
  clipId: number;
  variant: DownloadVariant;
  now?: Date;
}): Promise<StartDownloadResult> {
  const found = await findClipForDownload(input.clipId);
  if (!found) return { ok: false, reason: "clip_not_found" };
  const { clip, files } = found;
  // Checked before a credit is spent: a file that is not offered costs nothing.
  if (!files.some((file) => file.variant === input.variant)) {
    return { ok: false, reason: "no_such_file" };
  }
  const licensed = await licenseClip({ licensee: input.licensee, clipId: clip.id, now: input.now });
  if (!licensed.ok) return licensed;
  const { license, created } = licensed.value;
  const url = signDownloadLink(
    { licenseId: license.id, variant: input.variant, userId: input.licensee.userId },
    input.now?.getTime(),
  );
  return { ok: true, value: { url, license, created, expiresInSeconds: DOWNLOAD_LINK_SECONDS } };
}

export type ResolveDownloadResult =
  | { ok: true; value: { url: string; file: DownloadFile } }
  | { ok: false; reason: "forbidden" | "expired" | "not_found" };

/**
 * Follows a download link presented by a signed-in user: only the licensee, only before it expires.
 * Answers a short-lived storage link (HMAC-signed on local disk, presigned on S3) to a private file.
 */
export async function resolveDownload(input: {
  licenseId: string;
  variant: string;
  userId: string;
  expires: string | null;
  signature: string | null;
}): Promise<ResolveDownloadResult> {
  const check = verifyDownloadLink(input);
  if (!check.ok) return { ok: false, reason: check.reason === "expired" ? "expired" : "forbidden" };
  const license = await findLicense(input.licenseId);
  // A license its order's refund ended gives no more files, even through a link made before.
  if (!license || license.userId !== input.userId || license.revokedAt)
    return { ok: false, reason: "forbidden" };
  const link = await storageLinkOf(license, input.variant, STORAGE_LINK_SECONDS);
  return link ? { ok: true, value: link } : { ok: false, reason: "not_found" };
}

/** A storage link to one file of a license's clip, valid for `seconds`; undefined if it has no such file. */
async function storageLinkOf(license: License, variant: string, seconds: number) {
  const found = license.clipId ? await findClipForDownload(license.clipId) : undefined;
  const file = found?.files.find((candidate) => candidate.variant === variant);
  if (!file) return undefined;
  const key = await privateKeyOf(file);
  if (!key) return undefined;
  const url = await storage().signedUrl(key, { expiresInSeconds: seconds, downloadName: file.fileName });
  return { url, file };
}

/**
 * The Download button for a program (the public API): the same licensing as `startDownload`
 * (same credit, same idempotency), answered with a storage link to the file that works without a
 * session, for as long as the dialog's links do.
 */
export async function startDownloadWithoutSession(input: {
  licensee: Licensee;
  clipId: number;
  variant: DownloadVariant;
  now?: Date;
}): Promise<StartDownloadResult> {
  const started = await startDownload(input);
  if (!started.ok) return started;
  const link = await storageLinkOf(started.value.license, input.variant, DOWNLOAD_LINK_SECONDS);
  if (!link) return { ok: false, reason: "no_such_file" };
  return { ok: true, value: { ...started.value, url: link.url } };
}

/** The variants a clip offers a licensee (largest first), for programs choosing one. */
export async function listDownloadVariants(clipId: number) {
  const found = await findClipForDownload(clipId);
  return found?.files.map(({ variant, label, height, sizeBytes }) => ({ variant, label, height, sizeBytes }));
}

/**
 * Storage links reach private objects only. A clip from before the studio has just its public
 * playback file: the first licensee's download copies it once to a private key.
 */
async function privateKeyOf(file: DownloadFile): Promise<string | undefined> {
  // Originals (the studio's) and renditions (the pipeline's) are stored private: no need to look.
  if (file.variant !== "standard") return file.key;
  const info = await storage().stat(file.key);
  if (!info) return undefined;
  if (info.visibility === "private") return file.key;
  const copyKey = `licensed/${file.key.replace(/\//g, "_")}${path.extname(file.key) ? "" : ".mp4"}`;
  const copy = await storage().stat(copyKey);
  if (copy?.visibility === "private" && copy.size === info.size) return copyKey;
  const source = await storage().getStream(file.key);
  if (!source) return undefined;
  await storage().putStream(copyKey, source.body, { visibility: "private", contentType: info.contentType });
  return copyKey;
}

/**
 * Where a buyer without downloads left is sent: to their order awaiting payment when they have one
 * (a second purchase would be a mistake), otherwise to the plans, carrying the clip they were
 * downloading so checkout can lead back to its download step.
 */
export async function whereToGetDownloads(
  userId: string,
  clipId: number,
): Promise<{ path: string; message: string }> {
  const awaiting = await findOrderAwaitingPayment(userId);
  if (awaiting) {
    return {
      path: orderPath(awaiting.id),
      message: DOWNLOAD_MESSAGES.awaitingPayment(shortOrderId(awaiting.id)),
    };
  }
  return { path: `/pricing?clip=${clipId}`, message: DOWNLOAD_MESSAGES.needsPlan };
}
