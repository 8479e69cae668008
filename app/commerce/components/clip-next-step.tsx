import { clipPath, downloadPath } from "~/catalog/clips/clip-id";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { useT } from "~/platform/i18n/i18n";
import { ClipBeingLicensed, type ClipCard } from "./clip-being-licensed";

/**
 * After the order, the way back to the clip the buyer came for: straight to its download step
 * once the plan is active; until the payment arrives, back to the clip, saying when it can be
 * downloaded (the download step would only send them to their unpaid order).
 */
export function ClipNextStep({ clip, paid }: { clip: ClipCard; paid: boolean }) {
  const t = useT();
  return (
    <ClipBeingLicensed clip={clip} lead={t("commerce.clip.successLead")} className="mt-8 w-full">
      <p>{paid ? t("commerce.clip.paidNext") : t("commerce.clip.awaitingNext")}</p>
      {paid ? (
        <Link to={downloadPath(clip.id)} className={buttonClass("primary", "mt-3")}>
          {t("commerce.clip.continueToDownload")}
        </Link>
      ) : (
        <Link
          to={clipPath(clip.id)}
          className="mt-2 inline-block font-semibold text-brand-700 underline hover:text-brand-800 dark:text-brand-400 dark:hover:text-brand-300"
        >
          {t("commerce.clip.backToClip")}
        </Link>
      )}
    </ClipBeingLicensed>
  );
}
