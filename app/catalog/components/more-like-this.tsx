import { Link } from "~/components/link";
import { useT } from "~/platform/i18n/i18n";
import {
  CAMERA_MOTIONS,
  type CameraMotionFilter,
  COLOUR_NAMES,
  COLOUR_SWATCHES,
  type ColourName,
} from "../clips/attributes";
import { exploreSearch } from "../search/explore-url";

const isColour = (name: string): name is ColourName => (COLOUR_NAMES as readonly string[]).includes(name);
const isMotion = (name: string | null): name is CameraMotionFilter =>
  (CAMERA_MOTIONS as readonly (string | null)[]).includes(name);

const linkClass =
  "inline-flex items-center gap-1.5 rounded-full border border-zinc-300 px-3 py-1 text-xs font-medium text-zinc-800 hover:border-brand-600 hover:text-brand-800 dark:border-zinc-700 dark:text-zinc-200 dark:hover:text-brand-300";

/** Links to Explore filtered by what the analysis saw in this clip: its colours, its camera move. */
export function MoreLikeThis({
  details,
}: {
  details: { cameraMotion: string | null; colourNames: string[] } | null;
}) {
  const t = useT();
  const colours = (details?.colourNames ?? []).filter(isColour);
  const motion = isMotion(details?.cameraMotion ?? null)
    ? (details!.cameraMotion as CameraMotionFilter)
    : null;
  if (colours.length === 0 && !motion) return null;
  return (
    <nav aria-label={t("catalog.moreLikeThis.label")}>
      <p className="mb-2 text-sm font-semibold">{t("catalog.moreLikeThis.label")}</p>
      <ul className="flex flex-wrap gap-2">
        {colours.map((colour) => (
          <li key={colour}>
            <Link to={`/videos${exploreSearch({ colour: [colour] })}`} className={linkClass}>
              <span
                aria-hidden
                className="size-3 rounded-full ring-1 ring-zinc-400 dark:ring-zinc-600"
                style={{ backgroundColor: COLOUR_SWATCHES[colour] }}
              />
              {t("catalog.moreLikeThis.colour", { colour })}
            </Link>
          </li>
        ))}
        {motion ? (
          <li>
            <Link to={`/videos${exploreSearch({ motion: [motion] })}`} className={linkClass}>
              {t("catalog.moreLikeThis.motion", { motion })}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
