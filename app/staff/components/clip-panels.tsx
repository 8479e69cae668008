import { Form } from "react-router";
import { CLIP_STATUS_LABELS } from "~/catalog/clips/clip-lifecycle";
import type { StaffClip } from "~/catalog/clips/staff-clips.server";
import { Link } from "~/components/link";
import { formatFrameRate } from "~/platform/text/frame-rate";
import { ConfirmLink } from "./confirm";
import { formatDateTime, NoneYet, Panel, SubmitButton } from "./staff-ui";

function Facts({ clip }: { clip: StaffClip }) {
  const facts: [string, string][] = [
    ["Duration", `${clip.durationSeconds} s`],
    ["Size", `${clip.width}×${clip.height} (${clip.orientation})`],
    ["Frame rate", clip.frameRate ? formatFrameRate(clip.frameRate) : "—"],
    ["Codec", clip.codec ?? "—"],
    ["Bitrate", clip.bitrate ? `${Math.round(clip.bitrate / 1000).toLocaleString("en")} kb/s` : "—"],
    ["File", clip.fileSizeBytes ? `${(clip.fileSizeBytes / 1_048_576).toFixed(1)} MB` : "—"],
    ["Niche", clip.nicheName],
    ["License", clip.license],
    ["Mood / tone", `${clip.mood} / ${clip.colorTone}`],
    ["Tags", clip.tags.join(", ") || "—"],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ClipVideo({ clip }: { clip: Pick<StaffClip, "previewUrl" | "videoUrl" | "thumbnailUrl"> }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: stock footage without speech
    <video
      src={clip.previewUrl ?? clip.videoUrl}
      poster={clip.thumbnailUrl}
      controls
      preload="metadata"
      className="aspect-video w-full rounded-xl bg-black"
    />
  );
}

export function DuplicatePanel({ duplicate }: { duplicate: StaffClip }) {
  return (
    <section
      aria-label="Likely duplicate"
      className="rounded-xl border-2 border-red-300 p-3 dark:border-red-800"
    >
      <p className="mb-2 font-semibold text-red-900 dark:text-red-200">
        Likely duplicate of{" "}
        <Link to={`/staff/clips/${duplicate.id}`} className="underline">
          #{duplicate.id} {duplicate.title}
        </Link>{" "}
        ({CLIP_STATUS_LABELS[duplicate.status]}, by {duplicate.creatorUsername ?? duplicate.creatorName})
      </p>
      <ClipVideo clip={duplicate} />
    </section>
  );
}

/** The creator, the automatic metadata and the decisions the clip's status allows. */
export function ClipSidebar({ clip }: { clip: StaffClip }) {
  const target = String(clip.id);
  return (
    <aside className="space-y-4">
      <Panel title="Creator">
        <p className="text-sm">
          {clip.creatorName} (@{clip.creatorUsername ?? "—"}), {clip.creatorRole}
        </p>
        <p className="break-all text-sm text-zinc-600 dark:text-zinc-400">{clip.creatorEmail}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Member since {formatDateTime(clip.creatorSince)}
        </p>
      </Panel>
      <Panel title="Automatic metadata">
        <Facts clip={clip} />
      </Panel>
      <Panel title="Decision">
        <div className="flex flex-wrap gap-2">
          {clip.status === "in_review" ? (
            <>
              <Form method="post">
                <SubmitButton name="intent" value="approve">
                  Approve and publish
                </SubmitButton>
              </Form>
              <ConfirmLink intent="reject" target={target}>
                Reject…
              </ConfirmLink>
            </>
          ) : null}
          {clip.status === "published" ? (
            <ConfirmLink intent="unpublish" target={target}>
              Unpublish…
            </ConfirmLink>
          ) : null}
          {clip.status !== "unpublished" && clip.status !== "published" ? (
            <ConfirmLink intent="take-down" target={target}>
              Take down…
            </ConfirmLink>
          ) : null}
          {clip.status === "unpublished" ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Not in the catalogue.</p>
          ) : null}
        </div>
      </Panel>
    </aside>
  );
}

type Report = { id: number; createdAt: Date; reason: string; status: string; details: string };

export function ClipReports({ reports }: { reports: Report[] }) {
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title" className="mb-2 text-lg font-semibold">
        Reports
      </h2>
      {reports.length === 0 ? (
        <NoneYet />
      ) : (
        <ul className="space-y-2 text-sm">
          {reports.map((report) => (
            <li key={report.id} className="rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
              {formatDateTime(report.createdAt)} · {report.reason} · {report.status}
              <p className="whitespace-pre-wrap">{report.details}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
