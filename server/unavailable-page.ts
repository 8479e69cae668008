import type { Response } from "express";

/**
 * A self-contained page for when Verdeo cannot serve the app itself (starting up, database away).
 * No scripts, inline styles only, so it renders whatever else is broken.
 */
export function serviceUnavailablePage(res: Response, status = 503) {
  const title = status === 503 ? "Verdeo will be right back" : "Something went wrong";
  const body =
    status === 503
      ? "We are starting up or doing a little maintenance. Please try again in a moment."
      : "An unexpected error occurred on our side. Please try again.";
  if (status === 503) res.setHeader("Retry-After", "5");
  sendPage(res, status, title, body);
}

/**
 * The same page for a request the server refuses before the app runs (a method no page answers),
 * where the route has no format of its own: a browser shows a page, not a bare sentence.
 */
export function refusalPage(res: Response, status: number, detail: string) {
  sendPage(res, status, "This request cannot be answered", escapeHtml(detail));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function sendPage(res: Response, status: number, title: string, body: string) {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  res.type("html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8faf9;color:#0f1f17}
@media (prefers-color-scheme:dark){body{background:#0b1410;color:#e6f2ec}}main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.75rem}a{color:#16a34a}</style></head>
<body><main><h1>${title}</h1><p>${body}</p><p><a href="/">Reload</a></p></main></body></html>`);
}
