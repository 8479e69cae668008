import type { ClipStatus } from "~/catalog/clips/attributes";

/** The clip's preview, its processing progress, the likely-copy note and the facts the pipeline read. */
export function ClipMediaPanel({
  clip,
}: {
  clip: {
    status: ClipStatus;
    progress: number;
    duplicateOfId: number | null;
    thumbnailUrl: string;
    previewUrl: string | null;
    facts: Record<string, string> | null;
  };
}) {
  return (
    <section aria-label="Media" className="space-y-4">
      <div className="overflow-hidden rounded-2xl bg-zinc-900">
        {clip.previewUrl ? (
          <video
            src={clip.previewUrl}
            poster={clip.thumbnailUrl}
            controls
            muted
            playsInline
            preload="none"
            className="aspect-video w-full object-contain"
          />
        ) : (
          <img src={clip.thumbnailUrl} alt="" className="aspect-video w-full object-cover" />
        )}
      </div>
      {clip.status === "processing" ? (
        <div>
          <p className="text-sm font-medium">Processing: {clip.progress}%</p>
          <div
            role="progressbar"
            aria-label="Processing"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={clip.progress}
            className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
          >
            <div
              className="h-full bg-brand-600 transition-all dark:bg-brand-400"
              style={{ width: `${clip.progress}%` }}
            />
          </div>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            We check the file, read its details and make previews. You can leave this page.
          </p>
        </div>
      ) : null}
      {clip.duplicateOfId ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          This clip looks very much like one already in the catalogue. Reviewers will check that it is your
          own work.
        </p>
      ) : null}
      {clip.facts ? (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-2xl border border-zinc-200 p-5 text-sm dark:border-zinc-800">
          {Object.entries(clip.facts).map(([label, value]) => (
            <div key={label}>
              <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
