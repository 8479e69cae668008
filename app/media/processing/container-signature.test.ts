import { describe, expect, it } from "vitest";
import { hasVideoContainerMagic } from "./container-signature";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

describe("container signatures", () => {
  it.each([
    ["an MP4 (ftyp)", bytes("\0\0\0\x20ftypisom")],
    ["a MOV (ftyp qt)", bytes("\0\0\0\x14ftypqt  ")],
    ["an old MOV opening with moov", bytes("\0\0\x01\0moov")],
    ["a WebM/MKV (EBML)", new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81])],
  ])("accepts %s", (_what, head) => {
    expect(hasVideoContainerMagic(head)).toBe(true);
  });

  it.each([
    ["an HTML page", bytes("<!DOCTYPE html><html>")],
    ["a PDF", bytes("%PDF-1.7 something")],
    ["a PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ["three bytes", new Uint8Array(3)],
  ])("refuses %s", (_what, head) => {
    expect(hasVideoContainerMagic(head)).toBe(false);
  });
});
