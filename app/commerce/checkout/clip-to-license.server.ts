import { findClip } from "~/catalog/clips/catalog.server";
import { parseClipId } from "~/catalog/clips/clip-id";

/** The clip a buyer was about to download when they were sent to choose a plan. */
export interface ClipToLicense {
  id: number;
  title: string;
  thumbnailUrl: string;
}

/**
 * The clip named by `?clip=` on /pricing, a hidden field of a plan card, or the checkout cookie:
 * only a published clip's id (digits, 1 to 2^31 − 1). Anything else (text, a negative or huge
 * number, control characters, a clip not or no longer published) is ignored: the buyer just buys
 * a plan. Pages build their links from the returned id alone, so nothing the buyer typed is
 * ever echoed into a redirect.
 */
export async function findClipToLicense(raw: unknown): Promise<ClipToLicense | null> {
  const text = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw) : raw;
  const id = typeof text === "string" ? parseClipId(text) : undefined;
  if (!id) return null;
  const clip = await findClip(id);
  return clip ? { id: clip.id, title: clip.title, thumbnailUrl: clip.thumbnailUrl } : null;
}
