import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { endSession, getOptionalUser } from "~/accounts/auth/session.server";
import { signInWithPassword } from "~/accounts/auth/sign-in.server";
import { editProfile } from "~/accounts/profiles/profile-edit.server";
import { UsernameSchema } from "~/accounts/profiles/username-schema";
import { profiles, session } from "~/accounts/schema.server";
import { getProfileView } from "~/catalog/profile/profile-view.server";
import { AVATAR_MAX_BYTES } from "~/constants";
import { hitRateLimit } from "~/platform/http/rate-limit.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { storage } from "~/platform/storage/storage.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();
const request = (cookie: string) => new Request("http://localhost:3000/", { headers: { Cookie: cookie } });

describe("sign-in throttling", () => {
  it("locks one account after 10 failures in a burst, even with the right password, from any IP", async () => {
    const account = await createAccount();
    // Two real failures (each a full scrypt verification), the rest of the burst counted directly.
    for (let n = 0; n < 2; n++) {
      const result = await signInWithPassword({
        email: account.email,
        password: "wrong",
        ip: `10.2.0.${n}`,
        headers: new Headers(),
      });
      expect(result).toEqual({ ok: false, reason: "wrong_credentials" });
    }
    for (let n = 2; n < RATE_LIMIT_POLICIES.sign_in_failure.perAccountBurst.limit; n++) {
      await hitRateLimit(RATE_LIMIT_POLICIES.sign_in_failure.perAccountBurst, account.email);
    }
    const blocked = await signInWithPassword({
      email: account.email,
      password: account.password,
      ip: "10.2.1.1",
      headers: new Headers(),
    });
    expect(blocked).toEqual({ ok: false, reason: "locked" });
  });

  it("caps one account at 100 failures an hour (the counts are rows in PostgreSQL)", async () => {
    const account = await createAccount();
    for (let n = 0; n < RATE_LIMIT_POLICIES.sign_in_failure.perAccountHour.limit; n++) {
      await hitRateLimit(RATE_LIMIT_POLICIES.sign_in_failure.perAccountHour, account.email);
    }
    const blocked = await signInWithPassword({
      email: account.email,
      password: account.password,
      ip: "10.3.0.1",
      headers: new Headers(),
    });
    expect(blocked).toEqual({ ok: false, reason: "locked" });
  });

  it("throttles one IP that tries many accounts", async () => {
    for (let n = 0; n < RATE_LIMIT_POLICIES.sign_in_failure.perIp.limit; n++) {
      await hitRateLimit(RATE_LIMIT_POLICIES.sign_in_failure.perIp, "10.4.0.1");
    }
    const account = await createAccount();
    const blocked = await signInWithPassword({
      email: account.email,
      password: account.password,
      ip: "10.4.0.1",
      headers: new Headers(),
    });
    expect(blocked).toEqual({ ok: false, reason: "locked" });
    const elsewhere = await signInWithPassword({
      email: account.email,
      password: account.password,
      ip: "10.4.0.2",
      headers: new Headers(),
    });
    expect(elsewhere.ok).toBe(true);
  });

  it("an unknown email and a wrong password give the same answer", async () => {
    const account = await createAccount();
    const wrong = await signInWithPassword({
      email: account.email,
      password: "nope",
      ip: "10.5.0.1",
      headers: new Headers(),
    });
    const unknown = await signInWithPassword({
      email: "ghost@example.test",
      password: "nope",
      ip: "10.5.0.1",
      headers: new Headers(),
    });
    expect(unknown).toEqual(wrong);
  });
});

describe("sessions", () => {
  it("log-out deletes the session row, so the old cookie no longer works", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    expect((await getOptionalUser(request(cookie)))?.id).toBe(account.id);
    await endSession(request(cookie));
    expect(await database.db.select().from(session).where(eq(session.userId, account.id))).toHaveLength(0);
    expect(await getOptionalUser(request(cookie))).toBeNull();
  });
});

describe("profile ownership", () => {
  it("Saved and Downloads are read only for the owner, whatever id is asked for", async () => {
    const owner = await createAccount();
    const visitor = await createAccount();
    const visitorUser = await getOptionalUser(request(await sessionCookie(visitor.email)));
    const result = await getProfileView(visitorUser, owner.id);
    if (!result.ok) throw new Error(`the owner's profile was refused: ${result.reason}`);
    const view = result.value;
    expect(view.isOwner).toBe(false);
    expect(view.saved).toBeNull();
    expect(view).toMatchObject({ tab: "uploads", downloadsTab: null, ordersTab: null });
    // Asking for the owner's tabs by URL changes nothing.
    for (const tab of ["saved", "downloads", "orders"])
      expect(await getProfileView(visitorUser, owner.id, tab)).toMatchObject({
        ok: true,
        value: { tab: "uploads", saved: null, downloadsTab: null, ordersTab: null },
      });
    const own = await getProfileView(
      await getOptionalUser(request(await sessionCookie(owner.email))),
      owner.id,
      "saved",
    );
    expect(own).toMatchObject({ ok: true, value: { isOwner: true, saved: [] } });
  });

  it("an edit changes only the signed-in user's own profile", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const result = await editProfile({ userId: owner.id, username: "owner_renamed", avatar: null });
    expect(result.ok).toBe(true);
    const [otherProfile] = await database.db.select().from(profiles).where(eq(profiles.id, other.id));
    expect(otherProfile?.username).toBe(other.username);
  });

  it("one's own username is allowed in edit; another's is not", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const username = UsernameSchema.parse(owner.username.toUpperCase());
    expect((await editProfile({ userId: owner.id, username, avatar: null })).ok).toBe(true);
    expect(await editProfile({ userId: owner.id, username: other.username, avatar: null })).toEqual({
      ok: false,
      reason: "username_taken",
    });
  });
});

describe("avatar uploads", () => {
  const file = (bytes: Uint8Array, name = "a.png", type = "image/png") =>
    new File([Buffer.from(bytes)], name, { type });

  it("stores a 256 px WebP without metadata at avatars/{userId}/{timestamp}.webp and removes the old one", async () => {
    const owner = await createAccount();
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#123456" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } })
      .toBuffer();
    expect(
      (
        await editProfile({
          userId: owner.id,
          username: owner.username,
          avatar: file(jpeg, "x.jpg", "image/jpeg"),
        })
      ).ok,
    ).toBe(true);
    const [first] = await database.db.select().from(profiles).where(eq(profiles.id, owner.id));
    const firstKey = first!.avatarUrl!.replace("/media/", "");
    expect(firstKey).toMatch(new RegExp(`^avatars/${owner.id}/\\d+\\.webp$`));
    expect(await storage().exists(firstKey)).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      (
        await editProfile({
          userId: owner.id,
          username: owner.username,
          avatar: file(jpeg, "y.jpg", "image/jpeg"),
        })
      ).ok,
    ).toBe(true);
    const [second] = await database.db.select().from(profiles).where(eq(profiles.id, owner.id));
    const secondKey = second!.avatarUrl!.replace("/media/", "");
    expect(secondKey).not.toBe(firstKey);
    expect(await storage().exists(firstKey)).toBe(false);
  });

  it("refuses a script renamed .png, a file over 5 MB and a pixel bomb, storing nothing", async () => {
    const owner = await createAccount();
    const script = new TextEncoder().encode("<script>alert(1)</script>");
    const huge = new Uint8Array(AVATAR_MAX_BYTES + 1);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const bomb = await pixelBomb();
    const cases: [Uint8Array, string][] = [
      [script, "avatar_not_image"],
      [huge, "avatar_too_large"],
      [bomb, "avatar_not_image"],
    ];
    for (const [bytes, reason] of cases) {
      expect(await editProfile({ userId: owner.id, username: owner.username, avatar: file(bytes) })).toEqual({
        ok: false,
        reason,
      });
    }
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(profile?.avatarUrl).toBeNull();
    expect(await storage().exists(`avatars/${owner.id}`)).toBe(false);
  });
});

/** A real 1x1 PNG whose header claims 30000 x 30000 pixels (900 megapixels once decoded). */
async function pixelBomb() {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  // IHDR: length(4) type(4) at offset 8; width at 16, height at 20, CRC over type+data at 29.
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png);
}

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe("the session read of a page request", () => {
  it("is shared by the loaders of one request (same load context), never by another request or an action", async () => {
    const account = await createAccount();
    const cookie = await sessionCookie(account.email);
    const context = {};
    expect((await getOptionalUser(request(cookie), context))?.id).toBe(account.id);
    // The session ends (sign-out elsewhere, suspension) while this request is being answered.
    await database.db.delete(session).where(eq(session.userId, account.id));
    expect((await getOptionalUser(request(cookie), context))?.id).toBe(account.id);
    expect(await getOptionalUser(request(cookie), {})).toBeNull();
    const post = new Request("http://localhost:3000/", { method: "POST", headers: { Cookie: cookie } });
    expect(await getOptionalUser(post, context)).toBeNull();
  });
});
