import type { Role } from "~/accounts/roles";
import type { ColorTone, Mood } from "./attributes";
import type { ClipSummary } from "./clip-summary";

/** A clip as explore, search and the preview overlay show it. */
export interface CatalogClip extends ClipSummary {
  description: string;
  videoUrl: string;
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
  /** True when there are more matches than were counted ("1000+"). */
  capped: boolean;
  page: number;
  pageCount: number;
}
