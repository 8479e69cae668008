import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The reference page's renderer (Scalar's standalone bundle, from npm) with the line that mounts it
 * on /developers: served by the app itself, so the page needs no third-party CDN.
 */
let script: Promise<string> | undefined;

function loadScript() {
  // The package's main file is dist/index.js; the browser bundle is beside it (not an export).
  const main = createRequire(import.meta.url).resolve("@scalar/api-reference");
  script ??= readFile(path.join(path.dirname(main), "browser", "standalone.js"), "utf8").then(
    (bundle) =>
      `${bundle}\n;Scalar.createApiReference("#api-reference", ${JSON.stringify({
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        hideClientButton: true,
        hideDarkModeToggle: true,
        hideTestRequestButton: true,
        telemetry: false,
        showDeveloperTools: "never",
        layout: "modern",
      })});`,
  );
  return script;
}

export async function loader() {
  return new Response(await loadScript(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
