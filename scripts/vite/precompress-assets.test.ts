import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressAssets } from "./precompress-assets";

type Hook = (...args: unknown[]) => unknown;

/** One build's copy of the plugin (React Router runs the client and the server build in turn). */
function pluginFor(ssr: boolean) {
  const plugin = precompressAssets();
  (plugin.configResolved as Hook)({ build: { ssr } });
  return {
    writeBundle: (dir: string, names: string[]) =>
      (plugin.writeBundle as Hook)({ dir }, Object.fromEntries(names.map((name) => [name, {}]))),
    closeBundle: () => (plugin.closeBundle as Hook)() as Promise<void>,
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function assetsFolder(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "verdeo-precompress-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe("precompressed client assets", () => {
  it("are all written, brotli and gzip, by the time the server build ends", async () => {
    const script = `export const words = ${JSON.stringify("stock footage ".repeat(500))};\n`;
    const style = `.card { color: green; }\n`.repeat(200);
    const dir = assetsFolder({ "app.js": script, "app.css": style, "logo.png": "not text" });
    pluginFor(false).writeBundle(dir, ["app.js", "app.css", "logo.png"]);
    await pluginFor(true).closeBundle();

    const read = (name: string) => readFileSync(path.join(dir, name));
    expect(brotliDecompressSync(read("app.js.br")).toString()).toBe(script);
    expect(gunzipSync(read("app.js.gz")).toString()).toBe(script);
    expect(brotliDecompressSync(read("app.css.br")).toString()).toBe(style);
    // Images and fonts are compressed formats already.
    expect(existsSync(path.join(dir, "logo.png.br"))).toBe(false);
  });

  it("keep no copy that is not smaller than the asset", async () => {
    const dir = assetsFolder({ "tiny.js": "a" });
    pluginFor(false).writeBundle(dir, ["tiny.js"]);
    await pluginFor(true).closeBundle();
    expect(existsSync(path.join(dir, "tiny.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "tiny.js.gz"))).toBe(false);
  });

  it("fail the build when an asset cannot be compressed", async () => {
    const dir = assetsFolder({});
    pluginFor(false).writeBundle(dir, ["missing.js"]);
    await expect(pluginFor(true).closeBundle()).rejects.toThrow(/missing\.js/);
  });
});
