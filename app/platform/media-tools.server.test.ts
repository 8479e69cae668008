import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  describeMediaTools,
  FFMPEG_INSTALL_HINT,
  findMediaTools,
  majorVersionOf,
} from "./media-tools.server";

/** A folder with fake `ffmpeg` and `ffprobe` scripts that print the given version line. */
function fakeTools(versions: { ffmpeg?: string; ffprobe?: string }) {
  const dir = mkdtempSync(path.join(tmpdir(), "verdeo-ffmpeg-"));
  for (const [name, version] of Object.entries(versions)) {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\necho "${name} version ${version} Copyright (c) the FFmpeg developers"\n`);
    chmodSync(file, 0o755);
  }
  return dir;
}

describe("finding ffmpeg", () => {
  it("takes ffmpeg and ffprobe 5+ from PATH, naming the files found", async () => {
    const dir = fakeTools({ ffmpeg: "5.1.9-0+deb12u1", ffprobe: "5.1.9-0+deb12u1" });
    const tools = await findMediaTools({ PATH: `/nonexistent${path.delimiter}${dir}` });
    expect(tools).toMatchObject({ ffmpeg: path.join(dir, "ffmpeg"), ffprobe: path.join(dir, "ffprobe") });
    expect(describeMediaTools(tools)).toBe(
      `ffmpeg 5.1.9-0+deb12u1 (${path.join(dir, "ffmpeg")}, ${path.join(dir, "ffprobe")})`,
    );
  });

  it("refuses when there is no ffmpeg on PATH, with the install commands in one line", async () => {
    const error = await findMediaTools({ PATH: fakeTools({}) }).catch((caught: Error) => caught);
    expect((error as Error).message).toBe(
      `ffmpeg 5 or newer is required but there is none on PATH: ${FFMPEG_INSTALL_HINT}`,
    );
    expect(FFMPEG_INSTALL_HINT).toMatch(/apt-get install ffmpeg.*brew install ffmpeg.*winget install/);
    expect((error as Error).message).not.toContain("\n");
  });

  it("refuses an ffmpeg older than 5, the 2018 build from npm for instance", async () => {
    const dir = fakeTools({ ffmpeg: "4.1.1", ffprobe: "4.1.1" });
    await expect(findMediaTools({ PATH: dir })).rejects.toThrow(
      `${path.join(dir, "ffmpeg")} is version 4.1.1, older than the 5.0 Verdeo needs: ${FFMPEG_INSTALL_HINT}`,
    );
  });

  it("refuses ffmpeg without ffprobe", async () => {
    const dir = fakeTools({ ffmpeg: "7.1" });
    await expect(findMediaTools({ PATH: dir })).rejects.toThrow(
      /^ffprobe \(part of ffmpeg\) is required but there is none on PATH/,
    );
  });

  it("takes FFMPEG_PATH, with ffprobe beside it, and names a FFMPEG_PATH that does not run", async () => {
    const dir = fakeTools({ ffmpeg: "n6.0", ffprobe: "n6.0" });
    const tools = await findMediaTools({ FFMPEG_PATH: path.join(dir, "ffmpeg"), PATH: "" });
    expect(tools.ffprobe).toBe(path.join(dir, "ffprobe"));
    await expect(findMediaTools({ FFMPEG_PATH: "/opt/none/ffmpeg", PATH: dir })).rejects.toThrow(
      /^ffmpeg 5 or newer is required but FFMPEG_PATH=\/opt\/none\/ffmpeg does not run/,
    );
  });

  it("reads release numbers and takes builds from git as recent", () => {
    expect(majorVersionOf("ffmpeg version 5.1.9-0+deb12u1 Copyright")).toBe(5);
    expect(majorVersionOf("ffmpeg version n7.1 Copyright")).toBe(7);
    expect(majorVersionOf("ffmpeg version N-47683-g0e8eb07980-static")).toBeUndefined();
  });
});
