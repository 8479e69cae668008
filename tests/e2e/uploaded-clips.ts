import { afterAll, inject } from "vitest";
import { connectToServerDatabase } from "../support/commerce-http";

/**
 * The ids of clips a test file uploads, deleted from the shared server's database after the file
 * runs, so other files' counts and listings never see them. Push each new clip's id.
 */
export function clipsDeletedAfterAll() {
  const uploaded: number[] = [];
  afterAll(async () => {
    if (uploaded.length === 0) return;
    const client = await connectToServerDatabase(inject("dataDir"));
    try {
      await client.query("delete from clips where id = any($1::int[])", [uploaded]);
    } finally {
      await client.end();
    }
  });
  return uploaded;
}
