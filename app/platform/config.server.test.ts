import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "verdeo-config-"));

describe("configuration", () => {
  it("defaults PORT to 3000 and PUBLIC_URL to localhost", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.secretGenerated).toBe(true);
    expect(second.secretGenerated).toBe(false);
    expect(second.BETTER_AUTH_SECRET).toBe(first.BETTER_AUTH_SECRET);
  });

  it("rejects a malformed DATABASE_URL with one clear line", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://nope" })).toThrow(
      /DATABASE_URL must look like postgres:\/\//,
    );
  });

  it("rejects an unwritable DATA_DIR", () => {
    expect(() => loadConfig({ DATA_DIR: "/dev/null/verdeo" })).toThrow(ConfigError);
  });

  it("rejects a port out of range", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "70000" })).toThrow(/PORT/);
  });
});
