import { useNavigate } from "react-router";
import { ChevronLeftIcon } from "~/components/icons";
import { Link } from "~/components/link";
import { useI18n } from "~/platform/i18n/i18n";

/** Back goes back in history, or to explore when the clip was opened in a new tab. */
export function BackButton() {
  const navigate = useNavigate();
  const { t } = useI18n();
  return (
    <Link
      to="/videos"
      onClick={(event) => {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-700 hover:text-brand-700 dark:text-zinc-300 dark:hover:text-brand-400"
    >
      <ChevronLeftIcon />
      {t("clips.page.back")}
    </Link>
  );
}
