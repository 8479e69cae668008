import type { ReactNode } from "react";
import { clipPath } from "~/catalog/clips/clip-id";
import { Link } from "~/components/link";

export interface ClipCard {
  id: number;
  title: string;
  thumbnailUrl: string;
}

/**
 * What pricing says about the clip: why the buyer is here, and where they go on to. The pages say
 * these in their language (the "commerce.clip.*" messages); these English texts are the tests'.
 */
export const CLIP_TEXTS = {
  pricingLead: "You are licensing",
  pricingNext: "Choose a plan: once it is active you go straight on to this clip's download.",
  checkoutLead: "Your plan is for",
  checkoutNext: "After your order you can go on to this clip's download.",
  successLead: "The clip you came for",
  paidNext: "Your plan is active: download it now.",
  awaitingNext: "You can download it as soon as your payment has arrived.",
  continueToDownload: "Continue to your download",
  backToClip: "Back to the clip",
} as const;

/**
 * The clip a buyer came from, with its poster: shown on pricing, at checkout and after the order,
 * so they know why they are buying and how to get back to it (issue 35, point 4).
 */
export function ClipBeingLicensed({
  clip,
  lead,
  children,
  className = "",
}: {
  clip: ClipCard;
  lead: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={`${lead} ${clip.title}`}
      data-testid="clip-being-licensed"
      className={`flex items-start gap-4 rounded-2xl sm:items-center border border-zinc-200 bg-white p-3 text-left shadow-sm sm:p-4 dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
    >
      <img
        src={clip.thumbnailUrl}
        alt=""
        width={112}
        height={63}
        className="aspect-video w-24 shrink-0 rounded-xl bg-zinc-200 object-cover sm:w-28 dark:bg-zinc-800"
      />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
          {lead}
        </p>
        <p className="mt-0.5 line-clamp-2 font-semibold">
          <Link to={clipPath(clip.id)} className="hover:underline">
            {clip.title}
          </Link>
        </p>
        <div className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      </div>
    </section>
  );
}
