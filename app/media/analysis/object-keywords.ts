import type { SeenPeople } from "./clip-analysis";

/**
 * COCO labels (CenterNet, seen-in-frames.ts) a stock buyer searches for, as the keyword to suggest.
 * Labels left out are rarely subjects of footage or too often wrong ("person" is people's own).
 */
export const OBJECT_KEYWORDS: Record<string, string> = {
  bicycle: "bicycle",
  car: "car",
  motorcycle: "motorcycle",
  airplane: "airplane",
  bus: "bus",
  train: "train",
  truck: "truck",
  boat: "boat",
  "traffic light": "traffic light",
  bench: "bench",
  bird: "bird",
  cat: "cat",
  dog: "dog",
  horse: "horse",
  sheep: "sheep",
  cow: "cow",
  elephant: "elephant",
  bear: "bear",
  zebra: "zebra",
  giraffe: "giraffe",
  umbrella: "umbrella",
  kite: "kite",
  skis: "skiing",
  snowboard: "snowboarding",
  surfboard: "surfing",
  skateboard: "skateboard",
  "sports ball": "ball",
  bottle: "bottle",
  "wine glass": "wine",
  cup: "cup",
  bowl: "bowl",
  banana: "banana",
  apple: "apple",
  orange: "orange",
  broccoli: "broccoli",
  pizza: "pizza",
  cake: "cake",
  chair: "chair",
  couch: "sofa",
  "potted plant": "houseplant",
  bed: "bed",
  "dining table": "table",
  tv: "television",
  laptop: "laptop",
  "cell phone": "smartphone",
  book: "book",
  clock: "clock",
  vase: "vase",
  "teddy bear": "teddy bear",
};

/** People are a keyword when they are in at least this share of the sampled frames. */
const PEOPLE_MIN_FRAME_SHARE = 1 / 3;

/** How many people a clip shows, as a buyer searches for it ("one person", "crowd"), or null. */
export function peopleKeyword(people: SeenPeople | null | undefined): string | null {
  if (!people || people.maxCount === 0 || people.frameShare < Math.floor(PEOPLE_MIN_FRAME_SHARE * 100) / 100)
    return null;
  if (people.maxCount === 1) return "one person";
  if (people.maxCount === 2) return "two people";
  if (people.maxCount <= 5) return "group of people";
  return "crowd";
}
