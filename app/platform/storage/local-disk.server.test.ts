import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { localDiskStorage } from "./local-disk.server";

// A disk that fills up after a few bytes: the write starts, then fails like a full disk does.
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    writeFile: async (file: string, data: Buffer) => {
      await actual.writeFile(file, data.subarray(0, 4));
      throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
    },
  };
});

describe("local disk storage on a full disk", () => {
  it("a failed avatar write leaves no partial or temporary file behind", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "verdeo-media-"));
    const storage = localDiskStorage(root);
    await expect(storage.put("avatars/user-1/1.webp", Buffer.alloc(4096, 1))).rejects.toThrow("ENOSPC");
    expect(readdirSync(path.join(root, "avatars", "user-1"))).toEqual([]);
  });
});
