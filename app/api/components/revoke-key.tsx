import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { useI18n, useT } from "~/platform/i18n/i18n";

export const PROFILE_API_PATH = "/profile/api";

const headingId = (keyId: string) => `revoke-${keyId}`;

/**
 * The first of revoking's two steps, a link, so it works without JavaScript: the page then shows
 * the key's confirmation (the fragment moves the keyboard there without JavaScript too).
 */
export const revokeStepPath = (keyId: string) =>
  `${PROFILE_API_PATH}?revoke=${encodeURIComponent(keyId)}#${headingId(keyId)}`;

export function RevokeKeyLink({ keyId, name }: { keyId: string; name: string }) {
  const t = useT();
  return (
    <Link
      to={revokeStepPath(keyId)}
      preventScrollReset
      aria-label={t("api.keys.revokeLabel", { name })}
      className={buttonClass("secondary")}
    >
      {t("api.keys.revoke")}
    </Link>
  );
}

/** The second step: says what revoking does, then revokes (`confirmed=yes`) or goes back. */
export function RevokeKeyConfirmation({ keyId, name }: { keyId: string; name: string }) {
  const { t, path } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  // After a client-side navigation the keyboard continues here, as it does after a page load.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={headingId(keyId)}
      className="w-full space-y-3 rounded-xl border-2 border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950/40"
    >
      <h3
        id={headingId(keyId)}
        ref={heading}
        tabIndex={-1}
        // Clear of the sticky header when the fragment scrolls to it.
        className="scroll-mt-28 font-semibold text-red-900 dark:text-red-100"
      >
        {t("api.keys.revokeHeading", { name })}
      </h3>
      <p className="text-sm text-red-900 dark:text-red-100">{t("api.keys.revokeWarning")}</p>
      <Form method="post" action={path(PROFILE_API_PATH)} className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="keyId" value={keyId} />
        <input type="hidden" name="confirmed" value="yes" />
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500"
        >
          {t("api.keys.revokeConfirm")}
        </button>
        <Link to={PROFILE_API_PATH} preventScrollReset className={buttonClass("secondary")}>
          {t("api.keys.cancel")}
        </Link>
      </Form>
    </section>
  );
}
