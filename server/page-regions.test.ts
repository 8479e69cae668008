import { describe, expect, it } from "vitest";
import { findRegions, joinPage, pageTemplate, personalRegions } from "./page-regions";

const anonymous =
  '<header><div class="bar"><div data-personal="account" class="contents"><a href="/login">Log in</a></div></div></header>' +
  '<main><div data-personal="save" class="contents"><div><div>Save</div></div></div><div>after</div></main>' +
  '<div data-personal="data" hidden=""></div>';

const signedIn =
  '<header><div class="bar"><div data-personal="account" class="contents"><span>Alice</span></div></div></header>' +
  '<main><div data-personal="save" class="contents"><div><div>Saved</div></div></div><div>after</div></main>' +
  '<div data-personal="data" hidden=""><script type="application/json" id="personal">{"user":{"id":"a"}}</script></div>';

describe("page regions", () => {
  it("finds each region to its own closing tag, past the divs nested inside it", () => {
    const regions = findRegions(anonymous)!;
    expect(regions.map(([name, start, end]) => [name, anonymous.slice(start, end)])).toEqual([
      ["account", '<div data-personal="account" class="contents"><a href="/login">Log in</a></div>'],
      ["save", '<div data-personal="save" class="contents"><div><div>Save</div></div></div>'],
      ["data", '<div data-personal="data" hidden=""></div>'],
    ]);
  });

  it("joins a visitor's regions onto the anonymous copy into exactly the page their own render gave", () => {
    const template = pageTemplate(anonymous)!;
    const parts = joinPage(template, personalRegions(signedIn)!)!;
    expect(Buffer.concat(parts).toString("utf8")).toBe(signedIn);
  });

  it("refuses to join when the visitor lacks one of the page's regions (the page changed under them)", () => {
    const template = pageTemplate(anonymous)!;
    const regions = personalRegions(signedIn)!;
    regions.delete("save");
    expect(joinPage(template, regions)).toBeNull();
  });

  it("keeps no region that could run a script: the copy's CSP allows only its own scripts", () => {
    const withScript = signedIn.replace("<span>Alice</span>", "<span>Alice</span><script>alert(1)</script>");
    expect(personalRegions(withScript)).toBeNull();
    expect(personalRegions(signedIn)?.get("data")?.toString()).toContain('type="application/json"');
  });

  it("treats a page without regions, an unclosed region or a name used twice as nothing to join", () => {
    expect(pageTemplate("<main>plain</main>")).toBeNull();
    expect(pageTemplate('<div data-personal="account"><div>open</div>')).toBeNull();
    expect(
      pageTemplate(
        '<div data-personal="a" class="contents"></div><div data-personal="a" class="contents"></div>',
      ),
    ).toBeNull();
  });
});
