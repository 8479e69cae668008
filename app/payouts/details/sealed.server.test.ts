import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyIdOf, open, SealedTextError, seal, sealedKeyId, sealedWithCurrentKey } from "./sealed.server";

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const IBAN = "DE89370400440532013000";

describe("sealing", () => {
  it("seals to a text that names its key and holds nothing of the plain text, and opens it", () => {
    const sealed = seal(IBAN, "creator-1", { current: oldKey, previous: null });
    expect(sealedKeyId(sealed)).toBe(keyIdOf(oldKey));
    for (let at = 0; at + 4 <= IBAN.length; at += 1) expect(sealed).not.toContain(IBAN.slice(at, at + 4));
    expect(open(sealed, "creator-1", { current: oldKey, previous: null })).toBe(IBAN);
    // A fresh IV each time: the same IBAN never seals to the same text.
    expect(seal(IBAN, "creator-1", { current: oldKey, previous: null })).not.toBe(sealed);
  });

  it("opens what the previous key sealed after a rotation, and tells it apart from the current key's", () => {
    const sealed = seal(IBAN, "creator-1", { current: oldKey, previous: null });
    const rotated = { current: newKey, previous: oldKey };
    expect(open(sealed, "creator-1", rotated)).toBe(IBAN);
    expect(sealedWithCurrentKey(sealed, rotated)).toBe(false);
    expect(sealedWithCurrentKey(seal(IBAN, "creator-1", rotated), rotated)).toBe(true);
  });

  it("refuses with a SealedTextError, never a crash: an unknown key, another row, an altered text", () => {
    const sealed = seal(IBAN, "creator-1", { current: oldKey, previous: null });
    expect(() => open(sealed, "creator-1", { current: newKey, previous: null })).toThrow(
      new SealedTextError(
        `sealed with key ${keyIdOf(oldKey)}, which is neither PAYOUT_ENCRYPTION_KEY nor PAYOUT_ENCRYPTION_KEY_PREVIOUS`,
      ),
    );
    expect(() => open(sealed, "creator-2", { current: oldKey, previous: null })).toThrow(SealedTextError);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("XX89370400440532013000").toString("base64url");
    expect(() => open(parts.join("."), "creator-1", { current: oldKey, previous: null })).toThrow(
      SealedTextError,
    );
    expect(() => open("DE89370400440532013000", "creator-1", { current: oldKey, previous: null })).toThrow(
      SealedTextError,
    );
  });
});
