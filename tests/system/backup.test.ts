import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startBuiltServer } from "../support/server-process";

const run = promisify(execFile);

/** The embedded database of a DATA_DIR, as the server reaches it (a Unix socket in its folder). */
function embeddedUrl(dataDir: string) {
  const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@localhost/postgres?host=${encodeURIComponent(path.join(dataDir, "pg"))}&port=5432`;
}

/** `npm run cli -- <args>` against a DATA_DIR, as the operator runs it (the built CLI). */
function cli(dataDir: string, ...args: string[]) {
  return run(
    process.execPath,
    [path.resolve(process.env.VERDEO_BUILD_DIR ?? "build", "server", "cli.js"), ...args],
    {
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      timeout: 180_000,
    },
  );
}

async function rows(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("npm run cli -- backup and restore", () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it("a backup taken while the server runs, restored into a fresh data folder, serves the same catalogue, orders, licenses and media", async () => {
    const original = await startBuiltServer({ SEED_ON_START: "false" });
    servers.push(original);
    // This process writes as the app would, into the running server's database and storage.
    process.env.DATA_DIR = original.dataDir;
    process.env.LOG_LEVEL = "silent";
    // The domains' order effects (entitlements) register with the app's jobs; paying queues a mail.
    const { JOBS } = await import("~/jobs.server");
    const { startQueue, stopQueue } = await import("~/platform/jobs/queue.server");
    const { connectDatabase, closeDatabase } = await import("~/platform/db/client.server");
    const { storage } = await import("~/platform/storage/storage.server");
    const { licenseClip } = await import("~/licensing/downloads.server");
    const { createAccount } = await import("../factories/accounts");
    const { createClip, createProfile } = await import("../factories/catalog");
    const { createPaidOrder } = await import("../factories/licensing");
    connectDatabase(embeddedUrl(original.dataDir), { max: 2 });
    await startQueue({
      url: embeddedUrl(original.dataDir),
      jobs: JOBS,
      work: false,
      instanceName: "backup-test",
    });
    const creator = await createProfile({ fullName: "Backup Creator" });
    const clipId = (await createClip({ userId: creator!.id, title: "Harbour Lights Before Dawn" }))!;
    await storage().put(`clips/${clipId}/poster-640.webp`, Buffer.from("poster bytes"), {
      visibility: "public",
    });
    await storage().put(`originals/${clipId}/original.mp4`, Buffer.from("original bytes"), {
      visibility: "private",
    });
    const buyer = await createAccount();
    await createPaidOrder({ userId: buyer.id, email: buyer.email, downloads: 3 });
    const licensed = await licenseClip({
      licensee: { userId: buyer.id, name: "Backup Buyer", email: buyer.email },
      clipId,
    });
    if (!licensed.ok) throw new Error(licensed.reason);
    const licenseId = licensed.value.license.id;
    await stopQueue(0);
    await closeDatabase();
    const orders = "select id, status, total_cents, user_id from orders order by id";
    const before = await rows(embeddedUrl(original.dataDir), orders);
    expect(before).toHaveLength(1);

    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), "verdeo-backup-")), "nightly");
    const made = await cli(original.dataDir, "backup", backupDir);
    expect(made.stdout).toMatch(
      /Backup written to .*nightly: the database \(.*\), \d+ media objects listed and copied\./,
    );
    const list = readFileSync(path.join(backupDir, "media-objects.tsv"), "utf8");
    expect(list).toContain(`public\t12\tclips/${clipId}/poster-640.webp`);
    expect(list).toContain(`private\t14\toriginals/${clipId}/original.mp4`);
    await original.stop();

    // A backup folder is never overwritten.
    await expect(cli(original.dataDir, "backup", backupDir)).rejects.toMatchObject({
      stderr: expect.stringMatching(/^The backup folder .* is not empty: give a new folder/),
    });

    const fresh = mkdtempSync(path.join(tmpdir(), "verdeo-restored-"));
    const restored = await cli(fresh, "restore", backupDir);
    expect(restored.stdout).toMatch(/Restored from .*: the database and all \d+ media objects\./);
    const server = await startBuiltServer({ SEED_ON_START: "false" }, { dataDir: fresh });
    servers.push(server);
    const clipPage = await fetch(`${server.url}/video/${clipId}`);
    expect(clipPage.status).toBe(200);
    expect(await clipPage.text()).toContain("Harbour Lights Before Dawn");
    const licensePage = await fetch(`${server.url}/license/${licenseId}`);
    expect(licensePage.status).toBe(200);
    expect(await licensePage.text()).toContain("Harbour Lights Before Dawn");
    expect(await (await fetch(`${server.url}/media/clips/${clipId}/poster-640.webp`)).text()).toBe(
      "poster bytes",
    );
    expect(await rows(embeddedUrl(fresh), orders)).toEqual(before);
    // The secrets generated into DATA_DIR come back (the restore's own start made new ones first):
    // the auth secret (sessions, signed links) and the payout key (the IBANs it sealed).
    for (const secret of ["auth-secret", "payout-key"])
      expect(readFileSync(path.join(fresh, secret), "utf8")).toBe(
        readFileSync(path.join(original.dataDir, secret), "utf8"),
      );

    // Restoring over a database that has data is refused.
    await expect(cli(fresh, "restore", backupDir)).rejects.toMatchObject({
      stderr: expect.stringMatching(/already has a database: restore into a fresh DATA_DIR/),
    });
  });
});
