import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { localDiskStorage } from "./local-disk.server";
import { linkSigner } from "./signed-links.server";

// A disk that fills up after a few bytes: the write starts, then fails like a full disk does.
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    createWriteStream: (file: string, options: Parameters<typeof actual.createWriteStream>[1]) => {
      const real = actual.createWriteStream(file, options);
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          real.write(chunk.subarray(0, 4), () =>
            done(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" })),
          );
        },
        destroy(error, done) {
          real.destroy();
          done(error);
        },
      });
    },
  };
});

describe("local disk storage on a full disk", () => {
  it("a failed avatar write leaves no partial or temporary file behind", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "verdeo-media-"));
    const storage = localDiskStorage({
      publicRoot: path.join(root, "media"),
      privateRoot: path.join(root, "private"),
      signer: linkSigner("a-signing-secret-that-is-long-enough", "http://localhost"),
    });
    const write = storage.put("avatars/user-1/1.webp", Buffer.alloc(4096, 1), { visibility: "public" });
    await expect(write).rejects.toThrow("ENOSPC");
    expect(readdirSync(path.join(root, "media", "avatars", "user-1"))).toEqual([]);
  });
});
