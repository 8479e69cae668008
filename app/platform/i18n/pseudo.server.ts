import { type MessageFormatElement, TYPE } from "@formatjs/icu-messageformat-parser";

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [
    letter,
    [..."àƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][index]!,
  ]),
);

function accent(text: string) {
  let out = "";
  for (const character of text) out += ACCENTED[character] ?? character;
  return out;
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select)
      return {
        ...element,
        options: Object.fromEntries(
          Object.entries(element.options).map(([name, option]) => [
            name,
            { ...option, value: pseudoElements(option.value) },
          ]),
        ),
      };
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/**
 * The pseudo-locale's form of an English message: accented, about a third longer (German and French
 * run longer than English: a layout that clips shows it) and bracketed, so text on a page without
 * brackets did not come from a catalogue.
 */
export function pseudoLocalize(elements: MessageFormatElement[]): MessageFormatElement[] {
  const length = elements.reduce(
    (sum, element) => sum + (element.type === TYPE.literal ? element.value.length : 4),
    0,
  );
  const padding = "·".repeat(Math.ceil(length / 3));
  return [
    { type: TYPE.literal, value: "⟦" },
    ...pseudoElements(elements),
    { type: TYPE.literal, value: `${padding}⟧` },
  ];
}
