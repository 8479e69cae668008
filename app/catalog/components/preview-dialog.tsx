import * as Dialog from "@radix-ui/react-dialog";
import { Avatar } from "~/accounts/profiles/avatar";
import { InlineRoleBadge } from "~/accounts/profiles/inline-role-badge";
import { CloseIcon } from "~/components/icons";
import { Link } from "~/components/link";
import { useT } from "~/platform/i18n/i18n";
import type { CatalogClip } from "../clips/catalog-clip";
import { formatDuration } from "./clip-card";
import { useTerms } from "./term-labels";

/**
 * The explore preview overlay: a modal dialog (Esc closes it, focus stays inside, and returns to the
 * card that opened it).
 */
export function PreviewDialog({
  clip,
  onClose,
  opener,
}: {
  clip: CatalogClip | null;
  onClose: () => void;
  /** The control that opened it; Radix returns focus only to a Dialog.Trigger, and there is none. */
  opener: HTMLElement | null;
}) {
  const t = useT();
  const terms = useTerms();
  return (
    <Dialog.Root open={clip !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/75 backdrop-blur-sm" />
        {clip ? (
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener?.focus();
            }}
            className="fixed top-1/2 left-1/2 z-[80] max-h-[92vh] w-[min(960px,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl dark:bg-zinc-900"
          >
            <div className="flex max-h-[60vh] justify-center bg-black">
              <video
                key={clip.id}
                src={clip.videoUrl}
                poster={clip.thumbnailUrl}
                width={clip.width}
                height={clip.height}
                autoPlay
                muted
                loop
                playsInline
                preload="metadata"
                className="max-h-[60vh] w-auto max-w-full"
                style={{ aspectRatio: `${clip.width} / ${clip.height}` }}
              />
            </div>
            <div className="space-y-4 p-5 sm:p-6">
              <div className="flex items-start justify-between gap-4">
                <div>
                  <Dialog.Title className="text-xl font-bold">{clip.title}</Dialog.Title>
                  <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                    {clip.description}
                  </Dialog.Description>
                </div>
                <Dialog.Close
                  aria-label={t("catalog.preview.close")}
                  className="grid size-9 shrink-0 place-items-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
                >
                  <CloseIcon className="size-5" />
                </Dialog.Close>
              </div>
              <dl className="flex flex-wrap gap-2 text-xs">
                {[
                  [
                    t("catalog.facet.niche"),
                    clip.subNicheName
                      ? `${terms.niche(clip.nicheId, clip.nicheName)} · ${terms.subNiche(clip.subNicheName)}`
                      : terms.niche(clip.nicheId, clip.nicheName),
                  ],
                  [t("catalog.facet.license"), terms.license(clip.license)],
                  [t("catalog.facet.duration"), formatDuration(clip.durationSeconds)],
                  [t("catalog.facet.orientation"), terms.orientation(clip.orientation)],
                  [t("catalog.preview.tone"), terms.tone(clip.colorTone)],
                  [t("catalog.facet.mood"), terms.mood(clip.mood)],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">
                    <dt className="inline text-zinc-500 dark:text-zinc-400">
                      {t("catalog.preview.term", { label })}{" "}
                    </dt>
                    <dd className="inline font-medium">{value}</dd>
                  </div>
                ))}
              </dl>
              <div className="flex flex-wrap items-center justify-between gap-4">
                <div className="flex items-center gap-3">
                  <Avatar name={clip.creatorName} url={clip.creatorAvatarUrl} size={36} />
                  <span className="text-sm font-semibold">{clip.creatorName}</span>
                  <InlineRoleBadge role={clip.creatorRole} />
                </div>
                <Link
                  to={`/video/${clip.id}`}
                  className="rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 dark:bg-brand-500 dark:text-zinc-950 dark:hover:bg-brand-400"
                >
                  {t("catalog.preview.open")}
                </Link>
              </div>
            </div>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
