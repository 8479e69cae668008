import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../routes";
import { isPagePath, localizedPath } from "./locales";

/** Every route's path pattern with whether it renders a page (a .tsx module) or is a resource. */
function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; page: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace("//", "/");
    const own = entry.path === undefined && !entry.index ? [] : [{ path, page: entry.file.endsWith(".tsx") }];
    return [...own, ...flatten(entry.children ?? [], path)];
  });
}

/** An address the pattern matches: each parameter given a value, the optional language left out. */
const example = (pattern: string) =>
  `/${pattern
    .split("/")
    .filter((segment) => segment && segment !== ":lang?")
    .map((segment) => (segment === "*" ? "x" : segment.startsWith(":") ? "12" : segment))
    .join("/")}`;

describe("which addresses are pages", () => {
  const all = flatten(routes);

  it("takes a language for every page of the route table but the staff console's, and for no resource route", () => {
    const english = (path: string) => path.startsWith("/:lang?/staff");
    const wrong = all
      .filter(({ path }) => path !== "/:lang?/*")
      .filter(({ path, page }) => isPagePath(example(path)) !== (page && !english(path)))
      .map(({ path, page }) => `${path} (${page ? "page" : "resource"})`);
    expect(wrong).toEqual([]);
  });

  it("leaves files and endpoints as they are in every language", () => {
    expect(localizedPath("de", "/orders/12/invoice.pdf")).toBe("/orders/12/invoice.pdf");
    expect(localizedPath("de", "/resources/save?x=1")).toBe("/resources/save?x=1");
    expect(localizedPath("de", "/orders/12")).toBe("/de/orders/12");
  });
});
