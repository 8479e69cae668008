import type { Role } from "~/accounts/people/roles";
import type { FacetName } from "../search/explore-url";
import type { ColorTone, Mood } from "./attributes";
import type { ClipSummary } from "./clip-summary";

/** A clip as explore, search and the preview overlay show it. */
export interface CatalogClip extends ClipSummary {
  description: string;
  videoUrl: string;
  /** Watermarked preview made by the media pipeline (null for clips from before it). */
  previewUrl: string | null;
  /** Small preview that grids play on hover. */
  previewSmallUrl: string | null;
  /** WebVTT storyboard of sprite frames, for scrubbing in grids. */
  storyboardUrl: string | null;
  width: number;
  height: number;
  colorTone: ColorTone;
  mood: Mood;
  nicheId: string;
  nicheName: string;
  subNicheName: string | null;
  creatorId: string;
  creatorName: string;
  creatorUsername: string | null;
  creatorAvatarUrl: string | null;
  creatorRole: Role;
}

export interface ClipPage {
  clips: CatalogClip[];
  /** Matches counted, up to the search's cap. */
  total: number;
  /** True when there are more matches than were counted ("10,000+"). */
  capped: boolean;
  page: number;
  pageCount: number;
  /** The text actually searched when a word was corrected ("ocean" for "oceam"), else null. */
  correctedQuery: string | null;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

export interface Facet {
  name: FacetName;
  label: string;
  values: FacetValue[];
}
