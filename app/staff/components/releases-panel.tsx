import { RELEASE_KIND_LABELS, type ReleaseKind } from "~/studio/releases/release-rules";
import { formatDateTime, Panel } from "./staff-ui";

export interface StaffRelease {
  id: number;
  kind: ReleaseKind;
  personCount: number | null;
  fileName: string;
  byteSize: number;
  uploadedAt: Date | string;
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The creator's model and property releases for a clip, and what is still missing for the approval
 * rule (catalog/clips/seen-people.ts). Each file opens through a staff-only route.
 */
export function ReleasesPanel({
  clipId,
  releases,
  gapMessage,
}: {
  clipId: number;
  releases: StaffRelease[];
  gapMessage: string | null;
}) {
  return (
    <Panel title="Releases">
      {gapMessage ? (
        <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <span className="font-semibold">Cannot be approved: </span>
          {gapMessage}
        </p>
      ) : null}
      {releases.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No releases attached.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {releases.map((release) => (
            <li key={release.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
              <a
                href={`/staff/clips/${clipId}/releases/${release.id}`}
                target="_blank"
                rel="noreferrer"
                className="min-w-0 break-all font-medium text-brand-800 underline dark:text-brand-300"
              >
                {release.fileName}
              </a>
              <span className="text-zinc-700 dark:text-zinc-300">
                {RELEASE_KIND_LABELS[release.kind]}
                {release.kind === "model"
                  ? ` · ${release.personCount} ${release.personCount === 1 ? "person" : "people"}`
                  : ""}
              </span>
              <span className="text-zinc-600 dark:text-zinc-400">
                {sizeOf(release.byteSize)} · {formatDateTime(release.uploadedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
