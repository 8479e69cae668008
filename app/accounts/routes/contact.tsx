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
import { getOptionalUser } from "../auth/session.server";
import { sendContactMessage } from "../contact/contact.server";
import { ContactSchema } from "../contact/contact-schema";
import { MESSAGES } from "../messages";
import { displayName } from "../profiles/display-name";
import type { Route } from "./+types/contact";

export const meta = () =>
  pageMeta("Let's talk.", "Questions about licensing, creators or your account? Write to the Verdeo team.");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  return { sender: user ? { username: displayName(user), email: user.email } : null };
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
  const navigation = useNavigation();
  return (
    <main className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-400">
        Contact
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Let's talk.</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">
        Questions about licensing, creating or your account? The team reads every message.
      </p>
      <div className="mt-8">
        {navigation.state === "loading" && navigation.location.pathname === "/contact" ? (
          <div className="grid place-items-center py-16 text-brand-700 dark:text-brand-400">
            <Spinner label="Loading your profile" />
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
  return (
    <section className="rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h2 className="text-xl font-semibold">Login Required</h2>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">You must be logged in to contact the team.</p>
      <ButtonLink to="/login" className="mt-6">
        Log In
      </ButtonLink>
    </section>
  );
}

function ContactForm({ sender }: { sender: { username: string; email: string } }) {
  const fetcher = useFetcher<typeof action>();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const message = fetcher.data.ok ? fetcher.data.message : replyMessage(fetcher.data);
    if (message) toast({ message, type: fetcher.data.ok ? "success" : "error" });
    // Success clears subject and message; failure keeps them.
    if (fetcher.data.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data, toast]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="space-y-5 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Username" name="username" value={sender.username} readOnly />
        <FormField label="Email" name="email" type="email" value={sender.email} readOnly />
      </div>
      <FormField
        label="Subject"
        name="subject"
        placeholder="What's this about?"
        required
        maxLength={CONTACT_SUBJECT_MAX}
      />
      <div>
        <label
          htmlFor="field-message"
          className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200"
        >
          Message
        </label>
        <textarea
          id="field-message"
          name="message"
          rows={6}
          required
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder="Tell us what's on your mind..."
          className={inputClass}
        />
      </div>
      <Button type="submit" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}
