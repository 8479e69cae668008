import { Form, useLocation, useNavigation } from "react-router";
import { buttonClass } from "~/components/button";
import { useT } from "~/platform/i18n/i18n";

/** The button's English name (browser tests find it by it). */
export const RESEND_CONFIRMATION = "Send the link again";

/**
 * Shown to a signed-in person whose address is not confirmed yet: where the link went, why it
 * matters, and a way to have it sent again (a plain form: it works before the script loads).
 */
export function ConfirmEmailNotice({ email }: { email: string }) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === "/resources/verification-mail";
  return (
    <section
      aria-labelledby="confirm-email-title"
      data-testid="confirm-email-notice"
      className="mx-auto mt-8 max-w-2xl rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-zinc-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-zinc-100"
    >
      <h2 id="confirm-email-title" className="font-semibold">
        {t("accounts.messages.checkInbox", { email })}
      </h2>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">{t("accounts.confirm.text")}</p>
      <Form method="post" action="/resources/verification-mail" className="mt-3">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" disabled={sending} className={buttonClass("secondary", "!px-4 !py-2")}>
          {sending ? t("accounts.confirm.sending") : t("accounts.confirm.resend")}
        </button>
      </Form>
    </section>
  );
}
