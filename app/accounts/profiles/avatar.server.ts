import sharp from "sharp";
import { AVATAR_MAX_BYTES } from "~/constants";
import { logger } from "~/platform/logger.server";
import { keyFromMediaUrl, mediaUrl } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";

export const AVATAR_SIZE_PX = 256;
/** Decoding a larger image is refused: a 20-megapixel cap stops pixel bombs before they allocate. */
const MAX_INPUT_PIXELS = 20_000_000;

export type AvatarKind = "jpeg" | "png" | "webp";

/** The image type by the file's first bytes, never by its name or declared type. */
export function sniffImageType(bytes: Uint8Array): AvatarKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export type AvatarRefusal = "avatar_too_large" | "avatar_not_image";

/** A refused upload, with the reason in the domain's words (the route says it to the user). */
export class AvatarError extends Error {
  constructor(readonly reason: AvatarRefusal) {
    super(reason);
  }
}

/**
 * Checks and re-encodes an uploaded avatar: size, magic bytes, decodable within the pixel cap, then a
 * 256 px square WebP without metadata (sharp drops EXIF/ICC unless asked to keep them).
 */
export async function processAvatar(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AvatarError("avatar_too_large");
  if (!sniffImageType(bytes)) throw new AvatarError("avatar_not_image");
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    logger.warn({ err: error }, "avatar refused: not a decodable image within limits");
    throw new AvatarError("avatar_not_image");
  }
}

/** Stores the new avatar at avatars/{userId}/{timestamp}.webp and returns its URL. */
export async function storeAvatar(userId: string, webp: Buffer) {
  const key = `avatars/${userId}/${Date.now()}.webp`;
  await storage().put(key, webp, { visibility: "public" });
  return mediaUrl(key);
}

/** Removes a previous avatar file, but only one of this user's own. */
export async function removeOldAvatar(userId: string, previousUrl: string | null) {
  const key = keyFromMediaUrl(previousUrl);
  if (!key?.startsWith(`avatars/${userId}/`)) return;
  await storage()
    .remove(key)
    .catch((error) => logger.warn({ err: error, key }, "removing the old avatar failed"));
}
