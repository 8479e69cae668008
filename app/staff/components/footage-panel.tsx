import type { ClipAnalysisResult } from "~/media/analysis/clip-analysis";
import type { ReviewFlag } from "~/media/analysis/review-flags";
import { countOf } from "~/platform/text/plural";
import { Panel } from "./staff-ui";

export type FootageView =
  | { state: "pending" | "missing"; error: string | null }
  | { state: "ready"; result: ClipAnalysisResult; flags: ReviewFlag[] };

const MOTION_LABELS: Record<ClipAnalysisResult["camera"]["motion"], string> = {
  static: "Static",
  "pan-left": "Pan left",
  "pan-right": "Pan right",
  "tilt-up": "Tilt up",
  "tilt-down": "Tilt down",
  "zoom-in": "Zoom in",
  "zoom-out": "Zoom out",
  handheld: "Handheld",
};
const LIGHT_LABELS = { day: "Day", night: "Night", "golden-hour": "Golden hour" } as const;

/** What the people model saw; null when it failed (retried), undefined before it ran on this clip. */
function peopleLine(people: ClipAnalysisResult["people"]) {
  if (people === undefined) return "Not looked for yet";
  if (people === null) return "Missing: the model failed, tried again later";
  if (people.maxCount === 0) return "None seen";
  const faces =
    people.recognisableFaces > 0 ? `, ${countOf(people.recognisableFaces, "recognisable face")}` : "";
  return `Up to ${people.maxCount}, in ${Math.round(people.frameShare * 100)}% of frames${faces}`;
}

function objectsLine(objects: ClipAnalysisResult["objects"]) {
  if (objects === undefined) return "Not looked for yet";
  if (objects === null) return "Missing: the model failed, tried again later";
  if (objects.length === 0) return "Nothing the detector knows";
  return objects.map((o) => `${o.label} (${Math.round(o.frameShare * 100)}%)`).join(", ");
}

/**
 * What the analysis measured of the footage (media/analysis/), with what review must look at first:
 * each flag links to the moment in the preview that shows it.
 */
export function FootagePanel({ view, previewUrl }: { view: FootageView; previewUrl: string | null }) {
  if (view.state !== "ready")
    return (
      <Panel title="What the footage shows">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {view.state === "pending"
            ? "Not analysed yet: the analysis runs after processing."
            : `The analysis failed and will be tried again${view.error ? ` (${view.error})` : ""}.`}
        </p>
      </Panel>
    );
  const { result, flags } = view;
  const seek = (seconds: number) => (previewUrl ? `${previewUrl}#t=${seconds.toFixed(1)}` : null);
  return (
    <Panel title="What the footage shows">
      {flags.length > 0 ? (
        <ul className="mb-3 space-y-2">
          {flags.map((flag) => (
            <li
              key={flag.kind}
              className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              <span className="font-semibold">Check: </span>
              {flag.message}{" "}
              {flag.kind !== "motion-mismatch"
                ? flag.at.map((at) => {
                    const href = seek(at);
                    return href ? (
                      <a key={at} href={href} target="_blank" rel="noreferrer" className="mr-2 underline">
                        See {at.toFixed(1)} s
                      </a>
                    ) : null;
                  })
                : null}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">Camera</dt>
        <dd>
          {MOTION_LABELS[result.camera.motion]} ({Math.round(result.camera.confidence * 100)}% of the frames
          agree)
        </dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Cuts</dt>
        <dd>{result.shots.cuts === 0 ? "None: one shot" : result.shots.cuts}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">People</dt>
        <dd>{peopleLine(result.people)}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">In view</dt>
        <dd>{objectsLine(result.objects)}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Light</dt>
        <dd>
          {LIGHT_LABELS[result.colour.timeOfDay]}, brightness {Math.round(result.colour.brightness)} of 100
        </dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Colours</dt>
        <dd>
          <ul className="flex flex-wrap gap-2" aria-label="Dominant colours">
            {result.colour.palette.map((colour) => (
              <li key={colour.hex} className="inline-flex items-center gap-1">
                <span
                  aria-hidden
                  className="inline-block size-4 rounded border border-zinc-300 dark:border-zinc-600"
                  style={{ backgroundColor: colour.hex }}
                />
                {colour.hex} {Math.round(colour.share * 100)}%
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </Panel>
  );
}
