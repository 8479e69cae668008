import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeStreamToFile } from "./file-write.server";

const folder = mkdtempSync(path.join(tmpdir(), "verdeo-file-write-"));

/** `bytes` as a stream of chunks of `size` bytes, as a socket would deliver them. */
async function* chunksOf(bytes: Buffer, size: number, failAfter?: number) {
  for (let from = 0; from < bytes.length; from += size) {
    if (failAfter !== undefined && from >= failAfter) throw new Error("the client left");
    yield bytes.subarray(from, from + size);
  }
}

function fileWith(contents: Buffer) {
  const file = path.join(folder, `${randomBytes(6).toString("hex")}.part`);
  writeFileSync(file, contents);
  return file;
}

describe("writeStreamToFile", () => {
  it("writes a body of several pieces from the offset on, keeping the bytes before it", async () => {
    const head = randomBytes(1000);
    const body = randomBytes(3 * 1024 * 1024 + 4321);
    const file = fileWith(head);
    const end = await writeStreamToFile(chunksOf(body, 65_536), file, head.length);
    expect(end).toBe(head.length + body.length);
    expect(readFileSync(file).equals(Buffer.concat([head, body]))).toBe(true);
  });

  it("takes chunks larger than a piece", async () => {
    const body = randomBytes(5 * 1024 * 1024);
    const file = fileWith(Buffer.alloc(0));
    expect(await writeStreamToFile(chunksOf(body, 3 * 1024 * 1024 + 1), file, 0)).toBe(body.length);
    expect(readFileSync(file).equals(body)).toBe(true);
  });

  it("writes nothing for an empty body and answers the offset", async () => {
    const file = fileWith(Buffer.from("kept"));
    expect(await writeStreamToFile(chunksOf(Buffer.alloc(0), 10), file, 4)).toBe(4);
    expect(readFileSync(file, "utf8")).toBe("kept");
  });

  it("writes every byte received before the source failed, then throws the source's error", async () => {
    const body = randomBytes(2 * 1024 * 1024 + 500_000);
    const file = fileWith(Buffer.alloc(0));
    const sent = 1024 * 1024 + 65_536 * 3;
    await expect(writeStreamToFile(chunksOf(body, 65_536, sent), file, 0)).rejects.toThrow("the client left");
    expect(readFileSync(file).equals(body.subarray(0, sent))).toBe(true);
  });

  it("throws the disk's error when a write is refused", async () => {
    // /dev/full refuses every write with ENOSPC, as a full disk does.
    const writing = writeStreamToFile(chunksOf(randomBytes(3 * 1024 * 1024), 65_536), "/dev/full", 0);
    await expect(writing).rejects.toMatchObject({ code: "ENOSPC", syscall: "write" });
  });

  it("throws for a file that does not exist, creating none", async () => {
    const file = path.join(folder, "missing.part");
    await expect(writeStreamToFile(chunksOf(randomBytes(10), 10), file, 0)).rejects.toMatchObject({
      code: "ENOENT",
    });
  });
});
