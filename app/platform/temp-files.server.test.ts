import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withTemporaryDirectory, writeFileAtomically } from "./temp-files.server";

const diskFull = () => Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });

describe("temporary files", () => {
  it("a write that fails half-way leaves neither the target nor a temporary file", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "verdeo-temp-"));
    const target = path.join(folder, "avatar.webp");
    await expect(
      writeFileAtomically(target, async (temporary) => {
        await writeFile(temporary, "half a fi");
        throw diskFull();
      }),
    ).rejects.toThrow("ENOSPC");
    expect(readdirSync(folder)).toEqual([]);
  });

  it("a finished write replaces the target in one step", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "verdeo-temp-"));
    const target = path.join(folder, "poster.jpg");
    await writeFileAtomically(target, (temporary) => writeFile(temporary, "old"));
    await writeFileAtomically(target, (temporary) => writeFile(temporary, "new"));
    expect(readdirSync(folder)).toEqual(["poster.jpg"]);
    expect(readFileSync(target, "utf8")).toBe("new");
  });

  it("a temporary directory is removed after the work fails", async () => {
    let used = "";
    await expect(
      withTemporaryDirectory("verdeo-test", async (directory) => {
        used = directory;
        await writeFile(path.join(directory, "clip.mp4"), "partial");
        throw diskFull();
      }),
    ).rejects.toThrow("ENOSPC");
    expect(() => readdirSync(used)).toThrow();
  });
});
