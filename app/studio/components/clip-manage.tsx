import { Form, useNavigation } from "react-router";
import type { ClipStatus } from "~/catalog/clips/attributes";
import { canMoveClip } from "~/catalog/clips/clip-lifecycle";
import { Button, buttonClass } from "~/components/button";
import { useT } from "~/platform/i18n/i18n";

/** Unpublish (or withdraw from review) and delete, below the clip's page. */
export function ClipManage({ status }: { status: ClipStatus }) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section
      aria-label={t("studio.manage.label")}
      className="mt-12 flex flex-wrap gap-4 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      {canMoveClip("withdraw", status) ? (
        <Form method="post">
          <Button type="submit" name="intent" value="unpublish" variant="secondary" disabled={busy}>
            {status === "published" ? t("studio.manage.unpublish") : t("studio.manage.withdraw")}
          </Button>
        </Form>
      ) : null}
      <details className="group">
        <summary className={buttonClass("ghost", "cursor-pointer text-red-700 dark:text-red-400")}>
          {t("studio.manage.delete")}
        </summary>
        <Form method="post" className="mt-3 rounded-xl border border-red-200 p-4 dark:border-red-900">
          <p className="text-sm">{t("studio.manage.deleteWarning")}</p>
          <Button
            type="submit"
            name="intent"
            value="delete"
            className="mt-3 bg-red-700! text-white hover:bg-red-800!"
            disabled={busy}
          >
            {t("studio.manage.deleteConfirm")}
          </Button>
        </Form>
      </details>
    </section>
  );
}
