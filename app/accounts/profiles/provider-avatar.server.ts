import { AVATAR_MAX_BYTES } from "~/constants";
import { logger } from "~/platform/logger.server";
import { processAvatar, storeAvatar } from "./avatar.server";

const FETCH_TIMEOUT_MS = 5_000;

/**
 * Copies the picture a provider gave us (Google's `picture`, GitHub's `avatar_url`) into our own
 * storage, re-encoded like an upload: the CSP shows only our own images, and a provider's URL may
 * stop working. Returns the stored avatar's URL, or null when the picture cannot be had; the
 * profile then shows the generated avatar. Only https is fetched, unless `allowHttp` (the local fake
 * provider of the tests serves plain http).
 */
export async function importProviderAvatar(
  userId: string,
  remoteUrl: string,
  { allowHttp = false }: { allowHttp?: boolean } = {},
): Promise<string | null> {
  try {
    const url = new URL(remoteUrl);
    if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) return null;
    const response = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      // A redirect could lead anywhere, plain http or an internal address included: not followed.
      redirect: "error",
      headers: { accept: "image/webp,image/png,image/jpeg" },
    });
    if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
    const bytes = await readAtMost(response.body, AVATAR_MAX_BYTES);
    return await storeAvatar(userId, await processAvatar(bytes));
  } catch (error) {
    logger.warn({ err: error, remoteUrl }, "the provider's avatar could not be imported");
    return null;
  }
}

/** Reads a body whole, giving up as soon as it grows past `limit` bytes. */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`the picture is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
}
