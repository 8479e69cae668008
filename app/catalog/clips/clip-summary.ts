/** The little a grid card needs to show a clip; shared by explore, search and profile tabs. */
export interface ClipSummary {
  id: number;
  title: string;
  thumbnailUrl: string;
  durationSeconds: number;
  orientation: "landscape" | "portrait" | "square";
  license: "standard" | "extended";
}
