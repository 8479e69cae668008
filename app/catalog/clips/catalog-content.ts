/** Fixed catalogue texts and lists (home and explore). Safe for the browser. */
import { exploreSearch } from "../search/explore-url";

export const HOME_HEADLINE = "Explore motion. Create emotion.";
export const HOME_SUBTITLE = "Browse professional-quality stock video footage.";
export const HOME_SEARCH_PLACEHOLDER = "Search stock videos…";
/** The caption under the home previews: the catalogue's real size, never a promise it cannot keep. */
export const previewCaption = (clips: number) =>
  `${clips.toLocaleString("en")} stock ${clips === 1 ? "video" : "videos"} at your fingertips, each one reviewed before it goes live`;

export const HOME_CATEGORIES = [
  "Luxury",
  "Technology",
  "Health",
  "Hospitality",
  "Cars",
  "Fashion",
  "Food",
  "Architecture",
  "Nature",
  "Sports",
] as const;

/** The two preview rows of the home page, 10 clips each. */
export const PREVIEW_ROW_TOP = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
export const PREVIEW_ROW_BOTTOM = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110];
/** Each row repeats its clips so the endless scroll never shows a gap. */
export const PREVIEW_REPEAT = 3;

export interface TrendingTopic {
  rank: number;
  title: string;
  /**
   * The explore filters the topic opens: its niche (and sub-niche) as Explore's niche browser
   * chooses them, so the results page shows the niche selected and names it, never a loose word
   * search beside the niche of the same name.
   */
  niche: string;
  sub?: string;
  /** The catalogue clip whose poster illustrates the topic. */
  posterClipId: number;
}

export const TOP_SEARCHES: TrendingTopic[] = [
  { rank: 1, title: "Luxury Lifestyle", niche: "luxury", posterClipId: 1 },
  { rank: 2, title: "Tech & Innovation", niche: "technology", posterClipId: 2 },
  { rank: 3, title: "Health & Wellness", niche: "wellness", posterClipId: 4 },
  { rank: 4, title: "Travel & Adventure", niche: "nature", sub: "Road Trips", posterClipId: 203 },
  { rank: 5, title: "Food & Cooking", niche: "food", posterClipId: 5 },
  { rank: 6, title: "Fashion & Style", niche: "luxury", sub: "Fashion", posterClipId: 7 },
  { rank: 7, title: "Business & Finance", niche: "business", posterClipId: 6 },
  { rank: 8, title: "Nature & Wildlife", niche: "nature", sub: "Wildlife", posterClipId: 319 },
  { rank: 9, title: "Sports & Fitness", niche: "wellness", sub: "Fitness", posterClipId: 321 },
  { rank: 10, title: "Art & Design", niche: "business", sub: "Creative Studio", posterClipId: 9 },
];

/** Where a topic leads: Explore with its niche (and sub-niche) chosen. */
export const topicPath = (topic: TrendingTopic) =>
  `/videos${exploreSearch({ niche: [topic.niche], sub: topic.sub ?? null })}`;

export const TOP_SEARCHES_LARGE = 3;

export interface Showcase {
  title: string;
  text: string;
  clipId: number;
  shotList?: string[];
}

export const SHOWCASES: Showcase[] = [
  {
    title: "Brand Ad Starter",
    text: "Four shots that carry a 30-second spot.",
    clipId: 7,
    shotList: ["Wide establishing", "Product close-up", "Lifestyle reaction", "Logo lockup"],
  },
  {
    title: "Website Hero That Pops",
    text: "A calm, looping landscape that sits behind your headline without fighting it.",
    clipId: 3,
  },
  {
    title: "Social Reel in Minutes",
    text: "Vertical, energetic clips cut for stories and reels.",
    clipId: 110,
  },
];

export const BENEFITS = [
  { title: "Curated clips", text: "Every clip is reviewed by our team before it is published." },
  { title: "Fast, simple downloads", text: "One plan, clear licences, files ready in seconds." },
  { title: "Search by niche and mood", text: "Find the right shot by niche, tone, mood and length." },
];

/** Explore: the search box's two search types, each with its rotating suggestions. */
export const SEARCH_TYPES = {
  videos: {
    label: "Videos",
    suggestions: ["Luxury Lifestyle", "Technology", "Nature", "Food", "Cinematic", "Wellness"],
  },
  niches: {
    label: "Niches",
    suggestions: [
      "Luxury Lifestyle",
      "Technology",
      "Nature & Travel",
      "Wellness",
      "Food",
      "Business",
      "Wildlife",
    ],
  },
} as const;
export type SearchType = keyof typeof SEARCH_TYPES;
/** The URL parameter of the search type: ?type=niches searches niche names, not clips. */
export const SEARCH_TYPE_PARAM = "type";
export const noNicheMatches = (text: string) => `No niche matches “${text}”.`;

/** Searches the demo catalogue answers with clips that fit them (tests check each one). */
export const TRENDING_CHIPS = ["Sunset", "Mountains", "Macro", "Lake", "Flowers", "Abstract", "Ocean"];

export const EMPTY_TITLE = "No videos found";
export const EMPTY_TEXT = "Try adjusting your filters or explore trending niches.";
export const RESET_FILTERS = "Reset All Filters";
/** The anchor of explore's Browse by Niche section: Home's "Browse Niches" lands there. */
export const NICHE_BROWSER_ID = "browse-niches";
export const TOP_SEARCHED_NICHES = 3;

/** The heading of a clip page whose clip does not exist (or is not public). */
export const CLIP_NOT_FOUND_HEADING = "Clip not found";
export const CLIP_NOT_FOUND = "This video doesn't exist or has been removed.";
export const SAVE_FAILED = "Could not update your saved videos. Please try again.";
