import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (apt-get install chromium); playwright-core never downloads a browser here. */
export const CHROMIUM_PATH = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) =>
  existsSync(file),
);

/** The flags that work on these machines: Debian's Chromium in a container, without a sandbox or GPU. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--autoplay-policy=no-user-gesture-required",
];

export async function launchChromium(): Promise<Browser> {
  if (!CHROMIUM_PATH) throw new Error("Chromium not found: apt-get install chromium");
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
