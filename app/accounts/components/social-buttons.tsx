import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/button";
import { useT } from "~/platform/i18n/i18n";

const PROVIDERS = [
  {
    id: "google",
    label: "Google",
    icon: (
      <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
        <path
          fill="#4285F4"
          d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1-3.8 1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23Z"
        />
        <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.4-.4-2s.2-1.4.4-2V7.1H2.1a11 11 0 0 0 0 9.8L5.7 14Z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1L5.7 10c.9-2.7 3.4-4.6 6.3-4.6Z"
        />
      </svg>
    ),
  },
  {
    id: "github",
    label: "GitHub",
    icon: (
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden>
        <path d="M12 .5a11.5 11.5 0 0 0-3.6 22.4c.6.1.8-.3.8-.6v-2c-3.2.7-3.9-1.5-3.9-1.5-.5-1.3-1.3-1.7-1.3-1.7-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.7 1.3 3.4 1 .1-.8.4-1.3.7-1.6-2.6-.3-5.3-1.3-5.3-5.7 0-1.3.5-2.3 1.2-3.1-.1-.3-.5-1.5.1-3.1 0 0 1-.3 3.2 1.2a11 11 0 0 1 5.8 0c2.2-1.5 3.2-1.2 3.2-1.2.6 1.6.2 2.8.1 3.1.8.8 1.2 1.8 1.2 3.1 0 4.4-2.7 5.4-5.3 5.7.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A11.5 11.5 0 0 0 12 .5Z" />
      </svg>
    ),
  },
] as const;

/** Google and GitHub: each clips to the page's action, which starts the OAuth redirect. */
export function SocialButtons({ verb }: { verb: "logIn" | "signUp" }) {
  const t = useT();
  const navigation = useNavigation();
  const pendingProvider = navigation.formData?.get("provider");
  return (
    <div className="grid grid-cols-2 gap-3">
      {PROVIDERS.map((provider) => (
        <Form method="post" key={provider.id}>
          <input type="hidden" name="intent" value="social" />
          <input type="hidden" name="provider" value={provider.id} />
          <button
            type="submit"
            className={buttonClass("secondary", "w-full")}
            aria-label={
              verb === "logIn"
                ? t("accounts.social.logInWith", { provider: provider.label })
                : t("accounts.social.signUpWith", { provider: provider.label })
            }
            disabled={navigation.state !== "idle"}
          >
            {provider.icon}
            {pendingProvider === provider.id ? t("accounts.social.redirecting") : provider.label}
          </button>
        </Form>
      ))}
    </div>
  );
}

export function OrDivider() {
  const t = useT();
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      {t("accounts.social.or")}
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
