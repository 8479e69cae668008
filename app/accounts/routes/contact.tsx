import { useEffect, useRef } from "react";
import { useFetcher, useNavigation } from "react-router";
import { Button, ButtonLink, Spinner } from "~/components/button";
import { FormField, inputClass } from "~/components/form-field";
import { pageMeta } from "~/components/meta";
import { useToast } from "~/components/toast";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "~/constants";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n, useT } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { getOptionalUser } from "../auth/session.server";
import { sendContactMessage } from "../contact/contact.server";
import { ContactSchema } from "../contact/contact-schema";
import { useAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import { displayName } from "../profiles/display-name";
import type { Route } from "./+types/contact";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("accounts.contact.title"), t("accounts.contact.metaDescription"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  return {
    sender: user ? { username: displayName(user), email: user.email } : null,
    messages: messagesFor(pageLocaleOf(params), ["accounts"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return replyWith(formReply(MESSAGES.contactNotLoggedIn), 401);
  const parsed = await parseForm(request, ContactSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const values = parsed.values;
  if (!(await enforceRateLimit("contact", { ip: context.clientIp, user: user.id })).allowed)
    return replyWith(formReply(MESSAGES.tooManyAttempts, { values }), 429);
  const result = await sendContactMessage({ user, message: parsed.data });
  if (!result.ok) return replyWith(formReply(MESSAGES.contactFailed, { values }), 500);
  return { ok: true as const, message: MESSAGES.contactSent };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { sender } = loaderData;
  const { t, path } = useI18n();
  const navigation = useNavigation();
  return (
    <main className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
        {t("accounts.contact.eyebrow")}
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">{t("accounts.contact.title")}</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("accounts.contact.intro")}</p>
      <div className="mt-8">
        {navigation.state === "loading" && navigation.location.pathname === path("/contact") ? (
          <div className="grid place-items-center py-16 text-brand-700 dark:text-brand-400">
            <Spinner label={t("accounts.contact.loadingProfile")} />
          </div>
        ) : sender ? (
          <ContactForm sender={sender} />
        ) : (
          <LoginRequired />
        )}
      </div>
    </main>
  );
}

function LoginRequired() {
  const t = useT();
  return (
    <section className="rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h2 className="text-xl font-semibold">{t("accounts.contact.loginRequired")}</h2>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("accounts.contact.loginRequiredText")}</p>
      <ButtonLink to="/login" className="mt-6">
        {t("accounts.contact.logIn")}
      </ButtonLink>
    </section>
  );
}

function ContactForm({ sender }: { sender: { username: string; email: string } }) {
  const t = useT();
  const translate = useAccountMessage();
  const fetcher = useFetcher<typeof action>();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const message = translate(fetcher.data.ok ? fetcher.data.message : replyMessage(fetcher.data));
    if (message) toast({ message, type: fetcher.data.ok ? "success" : "error" });
    // Success clears subject and message; failure keeps them.
    if (fetcher.data.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data, toast, translate]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="space-y-5 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t("accounts.field.username")} name="username" value={sender.username} readOnly />
        <FormField
          label={t("accounts.field.email")}
          name="email"
          type="email"
          value={sender.email}
          readOnly
        />
      </div>
      <FormField
        label={t("accounts.contact.subject")}
        name="subject"
        placeholder={t("accounts.contact.subjectPlaceholder")}
        required
        maxLength={CONTACT_SUBJECT_MAX}
      />
      <div>
        <label
          htmlFor="field-message"
          className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200"
        >
          {t("accounts.contact.message")}
        </label>
        <textarea
          id="field-message"
          name="message"
          rows={6}
          required
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder={t("accounts.contact.messagePlaceholder")}
          className={inputClass}
        />
      </div>
      <Button type="submit" disabled={sending}>
        {sending ? t("accounts.contact.sending") : t("accounts.contact.send")}
      </Button>
    </fetcher.Form>
  );
}
