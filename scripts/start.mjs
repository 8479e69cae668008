#!/usr/bin/env node
/**
 * `npm start`, `npm run worker`, `npm run cli`: run a compiled process entry (build/server/<entry>.js)
 * with plain node, building first only when there is no build or a source file is newer than it.
 * Plain JavaScript on purpose: it must run where only production dependencies are installed.
 * Settings come from the environment and from `.env` in the working directory when there is one
 * (the environment wins over the file).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ENTRIES = ["main", "worker", "cli"];
const SOURCES = ["app", "server", "public", "db/migrations", "scripts/vite"];
const SOURCE_FILES = ["package.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"];

// The npm scripts pass Node's --env-file-if-exists=.env; run directly (a container's command), the
// same file is read the same way.
if (!process.execArgv.some((arg) => arg.startsWith("--env-file")) && existsSync(".env")) {
  process.loadEnvFile(".env");
}

const entry = process.argv[2];
if (!ENTRIES.includes(entry)) {
  console.error(`Usage: node scripts/start.mjs ${ENTRIES.join("|")} [arguments]`);
  process.exit(2);
}
const buildDir = path.resolve(process.env.VERDEO_BUILD_DIR ?? "build");
const target = path.join(buildDir, "server", `${entry}.js`);
const stamp = path.join(buildDir, "server", "index.js");

function newestSource() {
  let newest = { file: "", time: 0 };
  const visit = (file) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(file)) if (!name.startsWith(".")) visit(path.join(file, name));
    } else if (stat.mtimeMs > newest.time && !/\.test\.tsx?$/.test(file)) {
      newest = { file, time: stat.mtimeMs };
    }
  };
  for (const source of [...SOURCES, ...SOURCE_FILES]) visit(source);
  return newest;
}

function staleReason() {
  if (!existsSync(target) || !existsSync(stamp)) return "there is no build yet";
  const builtAt = Math.min(statSync(target).mtimeMs, statSync(stamp).mtimeMs);
  const newest = newestSource();
  return newest.time > builtAt ? `${newest.file} changed since the last build` : undefined;
}

const reason = staleReason();
if (reason) {
  const builder = path.resolve("node_modules/.bin/react-router");
  if (!existsSync(builder)) {
    if (!existsSync(target)) {
      console.error(
        "No build found, and the build tools (devDependencies) are not installed: run `npm install` and `npm run build` first.",
      );
      process.exit(1);
    }
    console.warn(`Warning: ${reason}, but the build tools are not installed: running the existing build.`);
  } else {
    const started = Date.now();
    console.log(`Building Verdeo (${reason})…`);
    // Its warnings (empty chunks, comments Rollup drops) are noise here; its errors are not.
    const build = spawnSync(builder, ["build"], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    if (build.status !== 0) {
      console.error(`${build.stdout}\n${build.stderr}\nThe build failed.`);
      process.exit(1);
    }
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

process.env.NODE_ENV ??= "production";
// The entry reads its own arguments from process.argv.slice(2).
process.argv.splice(2, 1);
await import(pathToFileURL(target).href);
