import type { ClipStatus } from "~/catalog/clips/attributes";
import { useT } from "~/platform/i18n/i18n";

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
    /** Each fact's value by its label's key (studio.clip.fact.*). */
    facts: Record<string, string> | null;
  };
}) {
  const t = useT();
  return (
    <section aria-label={t("studio.media.label")} className="space-y-4">
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
          <p className="text-sm font-medium">{t("studio.media.processing", { progress: clip.progress })}</p>
          <div
            role="progressbar"
            aria-label={t("studio.media.processingLabel")}
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
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("studio.media.processingNote")}</p>
        </div>
      ) : null}
      {clip.duplicateOfId ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {t("studio.media.duplicate")}
        </p>
      ) : null}
      {clip.facts ? (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-2xl border border-zinc-200 p-5 text-sm dark:border-zinc-800">
          {Object.entries(clip.facts).map(([key, value]) => (
            <div key={key}>
              <dt className="text-zinc-500 dark:text-zinc-400">{t(key)}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
