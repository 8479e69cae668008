import type { Page } from "playwright-core";

export interface FocusProblem {
  element: string;
  problem: string;
}

/**
 * Tabs through the page (up to `maxTabs` stops) and reports each focused element whose focus ring
 * cannot be seen: no outline or ring at all, or one cut off by an ancestor that clips its overflow
 * (a truncating heading, a scrolling strip). A visually hidden control (a radio styled by its label)
 * is judged by its label's ring.
 */
export async function focusRingProblems(page: Page, maxTabs = 150): Promise<FocusProblem[]> {
  const problems: FocusProblem[] = [];
  const seen = new Set<string>();
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (let tab = 0; tab < maxTabs; tab++) {
    await page.keyboard.press("Tab");
    const found = await page.evaluate(() => {
      let element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return { done: true as const };
      const describe = (node: Element) =>
        `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}[${(node.getAttribute("aria-label") ?? node.textContent ?? "").trim().slice(0, 40)}]`;
      const name = describe(element);
      const bounds = element.getBoundingClientRect();
      if (bounds.width <= 1 || bounds.height <= 1) {
        const label =
          element.closest("label") ??
          (element.id ? document.querySelector(`label[for="${element.id}"]`) : null);
        if (label instanceof HTMLElement) element = label;
      }
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== "none";
      if (!outline && !ring) return { name, problem: "no focus ring" };
      const grow = outline
        ? Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset)
        : 2;
      const rect = element.getBoundingClientRect();
      const ringBox = {
        top: rect.top - grow,
        bottom: rect.bottom + grow,
        left: rect.left - grow,
        right: rect.right + grow,
      };
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (parentStyle.overflowX === "visible" && parentStyle.overflowY === "visible") continue;
        if (parent === document.documentElement || parent === document.body) continue;
        const box = parent.getBoundingClientRect();
        const inner = {
          top: box.top + Number.parseFloat(parentStyle.borderTopWidth),
          bottom: box.bottom - Number.parseFloat(parentStyle.borderBottomWidth),
          left: box.left + Number.parseFloat(parentStyle.borderLeftWidth),
          right: box.right - Number.parseFloat(parentStyle.borderRightWidth),
        };
        const tolerance = 0.5;
        // A strip scrolled so the element is partly out of view is a scroll position, not a clipped ring.
        const inView = rect.left >= inner.left && rect.right <= inner.right;
        const clippedY = ringBox.top < inner.top - tolerance || ringBox.bottom > inner.bottom + tolerance;
        const clippedX =
          inView && (ringBox.left < inner.left - tolerance || ringBox.right > inner.right + tolerance);
        if (clippedY || clippedX) return { name, problem: `ring clipped by ${describe(parent)}` };
      }
      return { name, problem: null };
    });
    if ("done" in found) break;
    if (seen.has(found.name)) continue;
    seen.add(found.name);
    if (found.problem) problems.push({ element: found.name, problem: found.problem });
  }
  return problems;
}
