import { readFile } from "node:fs/promises";
import path from "node:path";
import { config } from "~/platform/config.server";
import { RENDERER_IN_BUILD, rendererInPackage } from "../reference/renderer-bundle.server";

/**
 * The reference page's renderer (Scalar's standalone bundle, from npm) with the line that mounts it
 * on /developers: served by the app itself, so the page needs no third-party CDN.
 */
let script: Promise<string> | undefined;

/**
 * Scalar's muted text and method colours fall short of WCAG AA contrast on its own backgrounds:
 * darker in light mode, lighter in dark mode (doubled classes outrank its theme). Its list of a
 * tag's operations scrolls sideways on a phone, out of keyboard reach: it wraps instead. Its
 * introduction (the document's title and description) repeats the page's and is hidden.
 */
const CONTRAST_CSS = `
.light-mode.light-mode {
  --scalar-color-2: #52525b; --scalar-color-3: #5b5b5b;
  --scalar-color-blue: #005c99; --scalar-color-green: #04704b; --scalar-color-orange: #ad3b00;
  --scalar-color-red: #b80005; --scalar-color-yellow: #7a5f00; --scalar-color-purple: #4a03bd;
  --scalar-color-accent: #005c99;
}
.dark-mode.dark-mode {
  --scalar-color-2: #c4c4c4; --scalar-color-3: #b0b0b0;
  --scalar-color-blue: #6cc2ff; --scalar-color-green: #4fd6a0; --scalar-color-orange: #ff9a66;
  --scalar-color-red: #ff7b7b; --scalar-color-yellow: #f2d35e; --scalar-color-purple: #c4a3ff;
  --scalar-color-accent: #6cc2ff;
}
.endpoints-card .custom-scroll { max-height: none; overflow: visible; }
/* The page above already introduces the API (its title, keys, limits, errors): not again here. */
.introduction-section.introduction-section { display: none !important; }
/* Its lazy placeholder keeps a screen-tall gap where the hidden introduction would be drawn. */
[data-testid="lazy-container"][id$="/description/introduction"] { display: none !important; }
.endpoints-card .endpoints, .endpoints-card .endpoints * {
  overflow: visible; white-space: normal; overflow-wrap: anywhere;
}`;

/**
 * Scalar's copy buttons on code blocks are an icon with no name, so a screen reader announces only
 * "button" (axe: button-name; their only text is hidden from assistive technology). They are named as they appear: groups open and draw theirs later.
 */
const NAME_COPY_BUTTONS = `new MutationObserver(() => {
  for (const button of document.querySelectorAll("#developer-reference button.scalar-code-copy:not([aria-label])"))
    button.setAttribute("aria-label", "Copy code");
}).observe(document.getElementById("developer-reference"), { childList: true, subtree: true });`;

/** The build's copy (production installs lack the package), else the package's (development). */
async function readRenderer(): Promise<string> {
  try {
    return await readFile(path.resolve(config().VERDEO_BUILD_DIR, RENDERER_IN_BUILD), "utf8");
  } catch {
    return readFile(rendererInPackage(), "utf8");
  }
}

function loadScript() {
  script ??= readRenderer().then(
    (bundle) =>
      // The page's theme decides the renderer's; Scalar's hosted extras (AI agent, MCP) stay off.
      `${bundle}\n;Scalar.createApiReference("#developer-reference", Object.assign(${JSON.stringify({
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        hideClientButton: true,
        hideDarkModeToggle: true,
        hideTestRequestButton: true,
        // Only the first group starts open: all of them made the page 25,000 px tall.
        defaultOpenAllTags: false,
        hideModels: true,
        telemetry: false,
        showDeveloperTools: "never",
        agent: { disabled: true },
        mcp: { disabled: true },
        layout: "modern",
        customCss: CONTRAST_CSS,
      })}, { forceDarkModeState: document.documentElement.classList.contains("dark") ? "dark" : "light" }));
${NAME_COPY_BUTTONS}`,
  );
  return script;
}

export async function loader() {
  return new Response(await loadScript(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
