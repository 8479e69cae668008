import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const SCRIPT = path.resolve("scripts/lockfile-check.mjs");

function check(cwd: string) {
  const run = spawnSync(process.execPath, [SCRIPT], { cwd, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A native package with one optional package per platform, as esbuild or sharp ship theirs. */
function platformPackage(os: string, cpu: string) {
  return { version: "1.0.0", optional: true, os: [os], cpu: [cpu] };
}

function lockfile(overrides: { drop?: string[]; peerRange?: string; peerLocked?: boolean } = {}) {
  const packages: Record<string, Record<string, unknown>> = {
    "": { name: "fixture", dependencies: { native: "1.0.0", widget: "1.0.0" } },
    "node_modules/native": {
      version: "1.0.0",
      optionalDependencies: {
        "native-linux-x64": "1.0.0",
        "native-linux-arm64": "1.0.0",
        "native-darwin-arm64": "1.0.0",
        "native-darwin-x64": "1.0.0",
      },
    },
    "node_modules/native-linux-x64": platformPackage("linux", "x64"),
    "node_modules/native-linux-arm64": platformPackage("linux", "arm64"),
    "node_modules/native-darwin-arm64": platformPackage("darwin", "arm64"),
    "node_modules/native-darwin-x64": platformPackage("darwin", "x64"),
    "node_modules/widget": {
      version: "1.0.0",
      peerDependencies: { react: overrides.peerRange ?? "^19.0.0", typescript: "^5.0.0" },
      peerDependenciesMeta: { typescript: { optional: true } },
    },
    "node_modules/react": { version: "19.3.1" },
  };
  if (overrides.peerLocked === false) delete packages["node_modules/react"];
  for (const key of overrides.drop ?? []) delete packages[key];
  return { name: "fixture", lockfileVersion: 3, requires: true, packages };
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function fixture(
  lock: ReturnType<typeof lockfile>,
  dependencies: Record<string, string> = { native: "1.0.0", widget: "1.0.0" },
) {
  const dir = mkdtempSync(path.join(tmpdir(), "verdeo-lockfile-"));
  dirs.push(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "fixture", dependencies }));
  writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify(lock));
  return dir;
}

describe("the lockfile check", () => {
  it("passes the project's own lockfile, with every platform's packages of every native package", () => {
    const { status, output } = check(process.cwd());
    expect(output).toContain("every optional dependency is locked and every peer is met");
    for (const platform of ["linux-x64-glibc", "linux-arm64-glibc", "darwin-arm64", "darwin-x64"]) {
      const [, locked, total] =
        output.match(new RegExp(`${platform}: platform packages locked for (\\d+) of (\\d+)`)) ?? [];
      expect(Number(total)).toBeGreaterThan(0);
      expect(locked).toBe(total);
    }
    expect(status).toBe(0);
  });

  it("passes a lockfile with all four platforms and its peers met", () => {
    const { status, output } = check(fixture(lockfile()));
    expect(output).toContain("darwin-arm64: platform packages locked for 1 of 1");
    expect(status).toBe(0);
  });

  it("fails a lockfile that lacks macOS arm64's package, naming it", () => {
    const { status, output } = check(fixture(lockfile({ drop: ["node_modules/native-darwin-arm64"] })));
    expect(output).toContain(
      "node_modules/native: optional dependency native-darwin-arm64@1.0.0 is not in the lockfile",
    );
    expect(output).toContain("darwin-arm64: platform packages locked for 0 of 1 (none locked for native)");
    expect(status).toBe(1);
  });

  it("fails a required peer that is not installed, and one that is out of range", () => {
    const missing = check(fixture(lockfile({ peerLocked: false })));
    expect(missing.output).toContain(
      "node_modules/widget: peer react@^19.0.0 is not installed: add it to package.json",
    );
    expect(missing.status).toBe(1);
    const outOfRange = check(fixture(lockfile({ peerRange: "^18.0.0" })));
    expect(outOfRange.output).toContain("peer react@^18.0.0 does not match the locked 19.3.1");
    expect(outOfRange.status).toBe(1);
  });

  it("fails when package.json lists a dependency the lockfile does not", () => {
    const { status, output } = check(
      fixture(lockfile(), { native: "1.0.0", widget: "1.0.0", extra: "2.0.0" }),
    );
    expect(output).toContain("package.json's dependencies differ from the lockfile's: run npm run lockfile");
    expect(status).toBe(1);
  });
});
