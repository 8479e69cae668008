import { useT } from "~/platform/i18n/i18n";
import type {
  CameraMotionFilter,
  ColorTone,
  ColourName,
  DurationBucket,
  License,
  Mood,
  Orientation,
  PeopleFilter,
  ReleaseFilter,
  Resolution,
  Shot,
} from "../clips/attributes";
import type { FacetName, FilterName } from "../search/explore-url";

/**
 * The catalogue's fixed terms as the interface names them: each stored value (never changed) to its
 * message key in the "catalog" namespace. A value without a key (a niche added later) shows as stored.
 */
export const FACET_KEYS: Record<FacetName, string> = {
  niche: "catalog.facet.niche",
  license: "catalog.facet.license",
  duration: "catalog.facet.duration",
  orientation: "catalog.facet.orientation",
  tone: "catalog.facet.tone",
  mood: "catalog.facet.mood",
  resolution: "catalog.facet.resolution",
  colour: "catalog.facet.colour",
  motion: "catalog.facet.motion",
  shot: "catalog.facet.shot",
  people: "catalog.facet.people",
  releases: "catalog.facet.releases",
};

export const LICENSE_KEYS: Record<License, string> = {
  standard: "catalog.license.standard",
  extended: "catalog.license.extended",
};
export const DURATION_KEYS: Record<DurationBucket, string> = {
  short: "catalog.duration.short",
  medium: "catalog.duration.medium",
  long: "catalog.duration.long",
};
export const ORIENTATION_KEYS: Record<Orientation, string> = {
  landscape: "catalog.orientation.landscape",
  portrait: "catalog.orientation.portrait",
  square: "catalog.orientation.square",
};
export const TONE_KEYS: Record<ColorTone, string> = {
  warm: "catalog.tone.warm",
  cool: "catalog.tone.cool",
  neutral: "catalog.tone.neutral",
};
export const MOOD_KEYS: Record<Mood, string> = {
  cinematic: "catalog.mood.cinematic",
  calm: "catalog.mood.calm",
  energetic: "catalog.mood.energetic",
};
export const RESOLUTION_KEYS: Record<Resolution, string> = {
  "4k": "catalog.resolution.4k",
  "1080p": "catalog.resolution.1080p",
  "720p": "catalog.resolution.720p",
  sd: "catalog.resolution.sd",
};
export const COLOUR_KEYS: Record<ColourName, string> = {
  red: "catalog.colour.red",
  orange: "catalog.colour.orange",
  yellow: "catalog.colour.yellow",
  green: "catalog.colour.green",
  teal: "catalog.colour.teal",
  blue: "catalog.colour.blue",
  purple: "catalog.colour.purple",
  pink: "catalog.colour.pink",
  brown: "catalog.colour.brown",
  black: "catalog.colour.black",
  white: "catalog.colour.white",
  gray: "catalog.colour.gray",
};
export const MOTION_KEYS: Record<CameraMotionFilter, string> = {
  static: "catalog.motion.static",
  pan: "catalog.motion.pan",
  tilt: "catalog.motion.tilt",
  zoom: "catalog.motion.zoom",
  handheld: "catalog.motion.handheld",
};
const SHOT_KEYS: Record<Shot, string> = { single: "catalog.shot.single" };
const PEOPLE_KEYS: Record<PeopleFilter, string> = {
  none: "catalog.people.none",
  one: "catalog.people.one",
  many: "catalog.people.many",
};
const RELEASE_KEYS: Record<ReleaseFilter, string> = { covered: "catalog.releases.covered" };

const VALUE_KEYS: Record<FilterName, Record<string, string>> = {
  license: LICENSE_KEYS,
  duration: DURATION_KEYS,
  orientation: ORIENTATION_KEYS,
  tone: TONE_KEYS,
  mood: MOOD_KEYS,
  resolution: RESOLUTION_KEYS,
  colour: COLOUR_KEYS,
  motion: MOTION_KEYS,
  shot: SHOT_KEYS,
  people: PEOPLE_KEYS,
  releases: RELEASE_KEYS,
};

/** The niches by id (server/seed/demo-content.ts). */
export const NICHE_KEYS: Record<string, string> = {
  luxury: "catalog.niche.luxury",
  technology: "catalog.niche.technology",
  nature: "catalog.niche.nature",
  wellness: "catalog.niche.wellness",
  food: "catalog.niche.food",
  business: "catalog.niche.business",
};

/** The sub-niches by their stored (English) name, which is also their value in explore's URL. */
export const SUB_NICHE_KEYS: Record<string, string> = {
  Yachts: "catalog.subNiche.yachts",
  "Fine Dining": "catalog.subNiche.fineDining",
  Villas: "catalog.subNiche.villas",
  Fashion: "catalog.subNiche.fashion",
  "AI & Data": "catalog.subNiche.aiData",
  Gadgets: "catalog.subNiche.gadgets",
  Coding: "catalog.subNiche.coding",
  "3D & Motion": "catalog.subNiche.3dMotion",
  Startups: "catalog.subNiche.startups",
  Mountains: "catalog.subNiche.mountains",
  Oceans: "catalog.subNiche.oceans",
  Forests: "catalog.subNiche.forests",
  Lakes: "catalog.subNiche.lakes",
  Cities: "catalog.subNiche.cities",
  "Road Trips": "catalog.subNiche.roadTrips",
  Wildlife: "catalog.subNiche.wildlife",
  Meditation: "catalog.subNiche.meditation",
  Fitness: "catalog.subNiche.fitness",
  Outdoors: "catalog.subNiche.outdoors",
  "Healthy Food": "catalog.subNiche.healthyFood",
  Spa: "catalog.subNiche.spa",
  "Fresh Produce": "catalog.subNiche.freshProduce",
  Baking: "catalog.subNiche.baking",
  Coffee: "catalog.subNiche.coffee",
  Cocktails: "catalog.subNiche.cocktails",
  Teamwork: "catalog.subNiche.teamwork",
  Markets: "catalog.subNiche.markets",
  "Office Life": "catalog.subNiche.officeLife",
  "Remote Work": "catalog.subNiche.remoteWork",
  Presentations: "catalog.subNiche.presentations",
  "Creative Studio": "catalog.subNiche.creativeStudio",
};

type Translate = (key: string) => string;

/** The catalogue's terms in a language, from its translate function (pages and loaders alike). */
export function termsOf(t: Translate) {
  const known = <T extends string>(keys: Record<string, string>, value: T, fallback: string = value) => {
    const key = keys[value];
    return key ? t(key) : fallback;
  };
  const niche = (id: string, stored: string) => known(NICHE_KEYS, id, stored);
  return {
    niche,
    subNiche: (stored: string) => known(SUB_NICHE_KEYS, stored),
    /** A facet's heading ("Orientation"). */
    facet: (facet: { name: FacetName; label: string }) => known(FACET_KEYS, facet.name, facet.label),
    /** One value of a facet ("Portrait"), from the label the server gave when the value has no key. */
    value: (name: FacetName, value: { value: string; label: string }) =>
      name === "niche" ? niche(value.value, value.label) : known(VALUE_KEYS[name], value.value, value.label),
    license: (value: string) => known(LICENSE_KEYS, value),
    orientation: (value: string) => known(ORIENTATION_KEYS, value),
    tone: (value: string) => known(TONE_KEYS, value),
    mood: (value: string) => known(MOOD_KEYS, value),
  };
}

export type Terms = ReturnType<typeof termsOf>;

/** The catalogue's terms in the page's language. */
export function useTerms(): Terms {
  return termsOf(useT());
}
