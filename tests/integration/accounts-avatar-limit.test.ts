import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/accounts/messages";
import { action } from "~/catalog/routes/profile";
import { createAccount, sessionCookie } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("the avatar form past the body limit", () => {
  it("answers in the form with SPEC's message and a 413, without reading the body", async () => {
    const account = await createAccount({ role: "user" });
    let read = false;
    // Pulled only when someone reads (no read-ahead: high-water mark 0).
    const body = new ReadableStream<Uint8Array>(
      {
        pull() {
          read = true;
          throw new Error("the oversized body must not be read");
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://localhost:3000/profile?edit", {
      method: "POST",
      headers: {
        Cookie: await sessionCookie(account.email),
        "Content-Type": "multipart/form-data; boundary=x",
      },
      body,
      duplex: "half",
    } as RequestInit);

    const answer = (await action({ request, params: {}, context: { bodyTooLarge: true } } as never)) as {
      data: { ok: false; formError: string };
      init: { status: number };
    };

    expect(answer.init.status).toBe(413);
    expect(answer.data.formError).toBe(MESSAGES.avatarTooLarge);
    expect(MESSAGES.avatarTooLarge).toBe("Image must be less than 5MB");
    expect(read).toBe(false);
  });
});
