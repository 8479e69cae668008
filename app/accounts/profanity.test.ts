import { describe, expect, it } from "vitest";
import { containsProfanity } from "./profanity";

describe("containsProfanity", () => {
  it.each([
    "fuck",
    "FuCk",
    "fuuuuck",
    "sh1t",
    "5hit",
    "f.u.c.k",
    "f_u_c_k",
    "f-u-c-k",
    "my_f.u.c.k_name",
    "s_h_i_t",
  ])("refuses %s", (word) => expect(containsProfanity(word)).toBe(true));

  it.each(["maya_films", "kenji.nature", "class.act", "grasshopper", "scunthorpe", "cocktail", "a.b.c.d"])(
    "allows %s",
    (word) => expect(containsProfanity(word)).toBe(false),
  );
});
