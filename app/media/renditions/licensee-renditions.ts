/**
 * The clean files a licensee can download besides the original: H.264 (with AAC when the clip has
 * sound) at a standard shorter side, made only where the original is at least that large, never
 * watermarked, stored privately. Pure rules here; the encoding is in renditions.server.ts.
 */
export const LICENSEE_RENDITIONS = [
  { name: "1080p", shortSide: 1080 },
  { name: "720p", shortSide: 720 },
] as const;
export type LicenseeRenditionName = (typeof LICENSEE_RENDITIONS)[number]["name"];

/**
 * An original already in a rendition's form (a 1080p H.264 upload, typically) is copied into it
 * (`-c copy`), not encoded again: no quality lost and almost no time spent. Above this bitrate it
 * is encoded all the same, so the download stays a sensible size.
 */
export const REMUX_MAX_BITRATE = 25_000_000;

/** What the rules need to know about the original (displayed size, as ffprobe reported it). */
export interface OriginalFacts {
  width: number;
  height: number;
  codec: string;
  bitrate: number;
  rotation: number;
  pixelFormat: string | null;
  squarePixels: boolean;
  /** HDR originals are tone-mapped into the (SDR, BT.709) renditions, never copied into them. */
  hdr?: boolean;
}

export interface PlannedRendition {
  name: LicenseeRenditionName;
  width: number;
  height: number;
  method: "encode" | "remux";
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The size of a rendition whose shorter side is `shortSide`, keeping the clip's displayed aspect. */
export function fitShortSide(width: number, height: number, shortSide: number) {
  const scale = Math.min(1, shortSide / Math.min(width, height));
  return { width: even(width * scale), height: even(height * scale) };
}

/** True when the original can be a rendition as it is: H.264 4:2:0 8-bit, exactly that short side, upright. */
export function canRemux(original: OriginalFacts, shortSide: number) {
  return (
    original.codec === "h264" &&
    !original.hdr &&
    Math.min(original.width, original.height) === shortSide &&
    original.width % 2 === 0 &&
    original.height % 2 === 0 &&
    original.rotation % 360 === 0 &&
    original.squarePixels &&
    (original.pixelFormat === "yuv420p" || original.pixelFormat === "yuvj420p") &&
    original.bitrate > 0 &&
    original.bitrate <= REMUX_MAX_BITRATE
  );
}

/** The renditions a clip gets: each size its original reaches, copied when the original already is one. */
export function planLicenseeRenditions(original: OriginalFacts): PlannedRendition[] {
  const shortest = Math.min(original.width, original.height);
  return LICENSEE_RENDITIONS.filter((rendition) => shortest >= rendition.shortSide).map((rendition) => ({
    name: rendition.name,
    ...fitShortSide(original.width, original.height, rendition.shortSide),
    method: canRemux(original, rendition.shortSide) ? "remux" : "encode",
  }));
}
