/**
 * The accepted containers by their first bytes, whatever a file is called: MP4 and MOV open with
 * an ISO/QuickTime box (a 32-bit size, then its four-letter type), WebM and MKV with EBML's magic.
 */
const MP4_BOXES = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]);
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** Bytes needed to tell (an MP4 box header is 8). */
export const SIGNATURE_BYTES = 8;

/** True when `head` starts like an MP4, MOV, WebM or MKV (whatever follows). */
export function hasVideoContainerMagic(head: Uint8Array) {
  if (head.length >= 4 && EBML_MAGIC.every((byte, index) => head[index] === byte)) return true;
  if (head.length < 8) return false;
  const type = String.fromCharCode(...head.subarray(4, 8));
  return MP4_BOXES.has(type);
}
