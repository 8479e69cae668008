import type { Page } from "playwright-core";

/** The clip page's Save menu: its button (a `<summary>`), its places, and a way to open it. */
export function saveMenu(page: Page) {
  const menu = page.getByTestId("save-menu");
  // Closed, the menu's places are hidden: their state can still be read.
  const places = menu.getByRole("list", { name: "Save to", includeHidden: true });
  return {
    menu,
    button: menu.locator("summary"),
    /** The Saved list's toggle (aria-pressed says whether the clip is in it). */
    saved: places.getByRole("button", { name: "Saved", exact: true, includeHidden: true }),
    collection: (name: string) => places.getByRole("button", { name, exact: true, includeHidden: true }),
    newCollection: menu.getByRole("form", { name: "New collection" }),
    isOpen: () => menu.evaluate((details) => (details as HTMLDetailsElement).open),
    async open() {
      if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open)))
        await menu.locator("summary").click();
      await places.waitFor({ state: "visible" });
    },
  };
}
