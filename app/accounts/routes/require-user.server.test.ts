import { describe, expect, it } from "vitest";
import { signInPath } from "./require-user.server";

const at = (path: string) => signInPath(new Request(`http://verdeo.test${path}`));

describe("the sign-in page a signed-out visitor is sent to", () => {
  it("is in the language of the page that asked for it", () => {
    expect(at("/de/profile?tab=orders")).toBe("/de/login");
    expect(at("/pt-br/studio")).toBe("/pt-br/login");
    expect(at("/ja/profile.data")).toBe("/ja/login");
  });

  it("is the English one for an English page or a language we do not speak", () => {
    expect(at("/profile")).toBe("/login");
    expect(at("/xx/profile")).toBe("/login");
  });
});
