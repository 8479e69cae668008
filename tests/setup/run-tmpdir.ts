import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * One temporary folder for a whole test run, removed when the run ends: every folder a test, the
 * app under test or a server it starts makes with `os.tmpdir()` lands inside it, so repeated runs
 * leave nothing behind (they once filled the disk with test videos, backups and data folders).
 * Listed first in `globalSetup`, so it is set before anything else starts and removed last.
 */
export default function setup() {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(path.join(tmpdir(), "verdeo-run-"));
  // PostgreSQL, run as its own user when the tests run as root, must pass through to its folder.
  chmodSync(root, 0o755);
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
