import { launchChromium } from "../tests/support/chromium";
const base = "http://localhost:3999";
const [email, ...paths] = process.argv.slice(2);
const browser = await launchChromium();
const context = await browser.newContext({ baseURL: base });
if (email !== "-") {
  const response = await fetch(`${base}/api/auth/sign-in/email`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base }, body: JSON.stringify({ email, password: "verdeo-demo" }) });
  const cookies = response.headers.getSetCookie().map((line) => { const [pair = ""] = line.split(";"); const at = pair.indexOf("="); return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), url: base }; });
  await context.addCookies(cookies);
}
const page = await context.newPage();
for (const path of paths) {
  await page.goto(path);
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, [hidden]")) continue;
      const data = "option, body [lang], a[href^='mailto:'], [data-logo], [data-language-code]";
      if (!/[A-Za-z]{2}/.test(text) || parent.closest(data)) continue;
      if (!/[⟦⟧]/.test(text)) out.push(`${parent.tagName.toLowerCase()}: ${text.slice(0, 80)}`);
    }
    return out;
  });
  console.log(`== ${path} -> ${page.url()} (${texts.length})`);
  for (const t of [...new Set(texts)]) console.log("  ", t);
}
await browser.close();
