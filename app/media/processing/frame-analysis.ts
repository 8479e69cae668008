import type { ColorTone } from "~/catalog/clips/attributes";

/**
 * Pure arithmetic over small sampled frames (ffmpeg scales them down; see analysis.server.ts):
 * a perceptual hash for duplicate detection and a colour tone for the explore filter.
 */

/** Sampled frames are this small: 9 wide so each row gives 8 left-right comparisons. */
export const HASH_FRAME_WIDTH = 9;
export const HASH_FRAME_HEIGHT = 8;
/** Frames sampled evenly through a clip for its fingerprint and colour tone. */
export const SAMPLED_FRAMES = 8;

/** Splits raw 9x8 RGB frames (ffmpeg's rawvideo output) into at most SAMPLED_FRAMES frames. */
export function splitSampledFrames(raw: Uint8Array) {
  const size = HASH_FRAME_WIDTH * HASH_FRAME_HEIGHT * 3;
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset + size <= raw.length && frames.length < SAMPLED_FRAMES; offset += size)
    frames.push(raw.subarray(offset, offset + size));
  return frames;
}

/**
 * dHash of one 9x8 RGB frame (216 bytes): bit i is set when a pixel is brighter than its right
 * neighbour. Returned as a signed 64-bit value, which is what PostgreSQL's bigint holds.
 */
export function differenceHash(rgb: Uint8Array): bigint {
  if (rgb.length !== HASH_FRAME_WIDTH * HASH_FRAME_HEIGHT * 3) throw new Error("dHash needs a 9x8 RGB frame");
  const luma = (x: number, y: number) => {
    const i = (y * HASH_FRAME_WIDTH + x) * 3;
    return 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
  };
  let hash = 0n;
  for (let y = 0; y < HASH_FRAME_HEIGHT; y++) {
    for (let x = 0; x < HASH_FRAME_WIDTH - 1; x++) {
      hash = (hash << 1n) | (luma(x, y) > luma(x + 1, y) ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** Bits that differ between two hashes (0 = same picture, 64 = opposite). */
export function hammingDistance(a: bigint, b: bigint) {
  let diff = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (diff) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}

/** Mean distance of two fingerprints frame by frame (frames at the same relative positions). */
export function fingerprintDistance(a: bigint[], b: bigint[]) {
  const count = Math.min(a.length, b.length);
  if (count === 0) return 64;
  let total = 0;
  for (let i = 0; i < count; i++) total += hammingDistance(a[i]!, b[i]!);
  return total / count;
}

/** How far red must lead blue (0–255 scale, averaged over every sampled pixel) to call a clip warm. */
export const WARM_THRESHOLD = 14;
export const COOL_THRESHOLD = 10;

/** Warm, cool or neutral from the average red–blue balance of the sampled frames. */
export function colorToneOf(frames: Uint8Array[]): ColorTone {
  let balance = 0;
  let pixels = 0;
  for (const rgb of frames) {
    for (let i = 0; i + 2 < rgb.length; i += 3) {
      balance += rgb[i]! - rgb[i + 2]!;
      pixels += 1;
    }
  }
  const mean = pixels ? balance / pixels : 0;
  if (mean > WARM_THRESHOLD) return "warm";
  if (mean < -COOL_THRESHOLD) return "cool";
  return "neutral";
}
