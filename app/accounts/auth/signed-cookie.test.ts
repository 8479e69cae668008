import { serializeSignedCookie } from "better-call";
import { describe, expect, it } from "vitest";
import { sessionCookieValue, verifySignedValue } from "./signed-cookie";

const SECRET = "a-secret-that-is-long-enough-for-better-auth";

/** The cookie's value as better-auth's own signer writes it into Set-Cookie. */
async function signCookieValue(value: string, secret: string) {
  const header = await serializeSignedCookie("better-auth.session_token", value, secret);
  return header.split(";")[0]!.slice("better-auth.session_token=".length);
}

describe("the session cookie's signature, checked without WebCrypto", () => {
  it("accepts a value signed by better-auth's own signer", async () => {
    const signed = await signCookieValue("token123", SECRET);
    expect(verifySignedValue(signed, SECRET)).toBe("token123");
  });

  it("refuses another secret, a changed value, a changed signature and broken encoding", async () => {
    const signed = decodeURIComponent(await signCookieValue("token123", SECRET));
    expect(verifySignedValue(encodeURIComponent(signed), "another-secret-that-is-long-enough!!")).toBeNull();
    expect(verifySignedValue(encodeURIComponent(signed.replace("token123", "token124")), SECRET)).toBeNull();
    expect(verifySignedValue(encodeURIComponent(`${signed.slice(0, -2)}A=`), SECRET)).toBeNull();
    expect(verifySignedValue("token123", SECRET)).toBeNull();
    expect(verifySignedValue("%E0%A4%A", SECRET)).toBeNull();
  });

  it("finds the session cookie by either of its names among others", () => {
    expect(sessionCookieValue("a=1; better-auth.session_token=abc.def%3D; b=2")).toBe("abc.def%3D");
    expect(sessionCookieValue("__Secure-better-auth.session_token=xyz")).toBe("xyz");
    expect(sessionCookieValue("better-auth.session_data=x; other=1")).toBeNull();
  });
});
