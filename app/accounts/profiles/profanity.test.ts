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
    "sh\u03b9t",
    "f\u03c5ck",
    "\u0455hit",
    "fu\u0441k",
    "\uff46\uff55\uff43\uff4b",
    "s.h.\u03b9.t",
  ])("refuses %s", (word) => expect(containsProfanity(word)).toBe(true));

  it.each([
    "maya_films",
    "kenji.nature",
    "class.act",
    "grasshopper",
    "scunthorpe",
    "cocktail",
    "a.b.c.d",
    "Ιωάννης",
    "Дмитрий",
    "Zoë",
    "José",
  ])("allows %s", (word) => expect(containsProfanity(word)).toBe(false));
});
