import { randomBytes, scrypt } from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/accounts/auth/password.server";
import { signInWithPassword } from "~/accounts/auth/sign-in.server";
import { account } from "~/accounts/schema.server";
import { createAccount } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

/** A hash as the app stored them before argon2id: `scrypt$N$r$p$salt$hash`. */
async function legacyScryptHash(password: string) {
  const salt = randomBytes(16);
  const key = (await promisify(scrypt)(password.normalize("NFKC"), salt, 64)) as Buffer;
  return ["scrypt", 2 ** 14, 8, 1, salt.toString("hex"), key.toString("hex")].join("$");
}

const storedHash = async (userId: string) =>
  (
    await database.db.select({ password: account.password }).from(account).where(eq(account.userId, userId))
  )[0]!.password!;

const signIn = (email: string, password: string) =>
  signInWithPassword({ email, password, ip: `10.77.${randomBytes(1)[0]}.1`, headers: new Headers() });

describe("password hashing", () => {
  it("hashes new passwords with argon2id at 19 MiB, two passes, one lane", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword({ hash, password: "correct horse" })).toBe(true);
    expect(await verifyPassword({ hash, password: "wrong horse" })).toBe(false);
  });

  it("an account with an old scrypt hash signs in, and its hash is argon2id afterwards", async () => {
    const person = await createAccount();
    await database.db
      .update(account)
      .set({ password: await legacyScryptHash(person.password) })
      .where(eq(account.userId, person.id));

    expect((await signIn(person.email, "not the password")).ok).toBe(false);
    expect(await storedHash(person.id)).toMatch(/^scrypt\$/);

    expect((await signIn(person.email, person.password)).ok).toBe(true);
    const upgraded = await storedHash(person.id);
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect((await signIn(person.email, person.password)).ok).toBe(true);
    expect(await storedHash(person.id)).toBe(upgraded);
  });

  it("a malformed stored hash is a failed sign-in, not a crash", async () => {
    const person = await createAccount();
    for (const broken of ["scrypt$3$8$1$00$00", "scrypt$x", "$argon2id$garbage", "plain"]) {
      await database.db.update(account).set({ password: broken }).where(eq(account.userId, person.id));
      expect(await signIn(person.email, person.password)).toEqual({ ok: false, reason: "wrong_credentials" });
    }
  });
});
