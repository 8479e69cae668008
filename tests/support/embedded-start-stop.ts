/**
 * Starts the embedded PostgreSQL on the folder given, stops it, and prints when it stopped; the
 * process then ends when nothing is left to wait for (tests/system/lifecycle.test.ts).
 */
import { startEmbeddedPostgres } from "../../app/platform/db/embedded.server";

const database = await startEmbeddedPostgres(process.argv[2]!, () => {});
await database.stop();
console.log(`stopped at ${Date.now()}`);
