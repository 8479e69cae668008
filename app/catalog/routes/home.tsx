import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { listHomeClips } from "../clips/catalog.server";
import { PREVIEW_ROW_BOTTOM, PREVIEW_ROW_TOP, SHOWCASES, TOP_SEARCHES } from "../clips/catalog-content";
import { Hero } from "../components/home/hero";
import { PreviewRows } from "../components/home/preview-rows";
import { Showcase } from "../components/home/showcase";
import { TopSearches } from "../components/home/top-searches";
import type { Route } from "./+types/home";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export async function loader({ params }: Route.LoaderArgs) {
  const ids = [
    ...PREVIEW_ROW_TOP,
    ...PREVIEW_ROW_BOTTOM,
    ...SHOWCASES.map((showcase) => showcase.clipId),
    ...TOP_SEARCHES.map((topic) => topic.posterClipId),
  ];
  const { clips, publishedCount: clipCount } = await listHomeClips([...new Set(ids)]);
  const pick = (wanted: number[]) => clips.filter((clip) => wanted.includes(clip.id));
  // A topic's picture is its clip's own poster: posters live in each clip's folder, wherever storage puts it.
  const posters = Object.fromEntries(clips.map((clip) => [clip.id, clip.thumbnailUrl]));
  return {
    top: pick(PREVIEW_ROW_TOP),
    bottom: pick(PREVIEW_ROW_BOTTOM),
    showcase: clips,
    posters,
    clipCount,
    messages: messagesFor(pageLocaleOf(params), ["catalog"]),
  };
}

export const meta: Route.MetaFunction = ({ data, params }) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta("Verdeo", t("catalog.home.metaDescription"));
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <Hero />
      <PreviewRows top={loaderData.top} bottom={loaderData.bottom} clipCount={loaderData.clipCount} />
      <TopSearches posters={loaderData.posters} />
      <Showcase clips={loaderData.showcase} />
    </main>
  );
}
