import { scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";

/** OWASP's floor for argon2id: 19 MiB, two passes, one lane. */
export const ARGON2_PARAMS = {
  // The package's enum is a const enum, which isolated modules cannot read: 2 is Argon2id.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes at once: each one is a thread of libuv's pool (4 threads, shared with file reads, DNS and
 * compression) and a core for ~50 ms. Left unbounded, a burst of sign-ins would queue every media read
 * and compressed page behind it; with at most this many, the rest of the pool and a core stay free.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(2, availableParallelism() - 1));

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when a hashing slot is free (first come, first served). */
async function inHashingSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await task();
  } finally {
    // Hand the slot straight to the next in line, or give it back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const normalize = (password: string) => password.normalize("NFKC");

/** An argon2id hash in the PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
export function hashPassword(password: string): Promise<string> {
  return inHashingSlot(() => argon2Hash(normalize(password), ARGON2_PARAMS));
}

/** True for a hash made with weaker or older settings than today's: rehash it at the next sign-in. */
export function needsRehash(hash: string) {
  const { memoryCost: m, timeCost: t, parallelism: p } = ARGON2_PARAMS;
  return !hash.startsWith(`$argon2id$v=19$m=${m},t=${t},p=${p}$`);
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  if (hash.startsWith("$argon2")) {
    return inHashingSlot(() => argon2Verify(hash, normalize(password))).catch(() => false);
  }
  if (hash.startsWith("scrypt$")) {
    return inHashingSlot(() => verifyLegacyScrypt(hash, password)).catch(() => false);
  }
  return false;
}

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** Accounts from before argon2id: `scrypt$N$r$p$salt$hash` (hex), N up to 2^17 (128 MiB). */
async function verifyLegacyScrypt(hash: string, password: string) {
  const [, n, r, p, saltHex, keyHex] = hash.split("$");
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 };
  if (!saltHex || !keyHex || !(params.N <= 2 ** 17 && params.r <= 16 && params.p <= 4)) return false;
  const expected = Buffer.from(keyHex, "hex");
  const key = await scrypt(normalize(password), Buffer.from(saltHex, "hex"), expected.length, params);
  return timingSafeEqual(key, expected);
}
