import { data } from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { CheckIcon } from "~/commerce/components/plan-card";
import { pageI18n } from "~/commerce/page-i18n.server";
import { ButtonLink, buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { formatDate } from "~/platform/text/dates";
import { verifyLicense } from "../library.server";
import { LicenseIdSchema } from "../license-id";
import { LICENSE_NAME_KEYS } from "../license-terms";
import type { Route } from "./+types/license";

export const LICENSE_VALID = "Valid license";
export const LICENSE_UNKNOWN = "No such license";
export const LICENSE_REVOKED = "License revoked";
export const CERTIFICATE_LINK = "Certificate (PDF)";

export const meta = ({ params, data: result }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), result?.messages ?? {});
  return pageMeta(
    result?.license
      ? t(result.license.revokedAt ? "licensing.license.revokedTitle" : "licensing.license.validTitle", {
          id: result.license.id,
        })
      : t("licensing.license.unknown"),
    t("licensing.license.metaDescription"),
  );
};

/** Public: anyone holding a certificate can check it. Shows no personal data beyond the licensee's name. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = LicenseIdSchema.safeParse(params.licenseId);
  const viewer = await getOptionalUser(request);
  const license = id.success ? await verifyLicense(id.data, viewer?.id) : null;
  const { messages } = pageI18n(params, ["licensing"]);
  return data(
    { license, asked: params.licenseId.slice(0, 40), messages },
    { status: license ? 200 : 404, headers: { "X-Robots-Tag": "noindex" } },
  );
}

export default function LicenseVerification({ loaderData }: Route.ComponentProps) {
  const { license, asked } = loaderData;
  const { t, rich, tag } = useI18n();
  if (!license) {
    return (
      <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight" data-testid="license-verdict">
          {t("licensing.license.unknown")}
        </h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">
          {rich("licensing.license.unknownText", {
            id: asked,
            code: (chunks) => <span className="font-mono break-all">{chunks}</span>,
          })}
        </p>
        <ButtonLink to="/contact" variant="secondary" className="mt-8">
          {t("licensing.license.contact")}
        </ButtonLink>
      </main>
    );
  }
  const termsName = t(LICENSE_NAME_KEYS[license.licenseKind]);
  const revoked = license.revokedAt;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-20">
      {revoked ? null : (
        <div className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-400">
          <CheckIcon className="size-8" />
        </div>
      )}
      <h1 className="mt-6 text-3xl font-bold tracking-tight" data-testid="license-verdict">
        {revoked ? t("licensing.license.revoked") : t("licensing.license.valid")}
      </h1>
      {revoked ? (
        <p className="mt-3 text-zinc-700 dark:text-zinc-300">
          {t("licensing.license.revokedText", { date: formatDate(revoked, tag) })}
        </p>
      ) : null}
      <dl className="mt-8 w-full divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-zinc-50 text-left text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {[
          [
            t("licensing.license.id"),
            <span key="id" className="font-mono">
              {license.id}
            </span>,
          ],
          [
            t("licensing.license.clip"),
            license.clipId ? (
              <Link key="clip" to={`/video/${license.clipId}`} className="font-semibold underline">
                {license.clipTitle}
              </Link>
            ) : (
              license.clipTitle
            ),
          ],
          [t("licensing.license.creator"), license.creatorName],
          [t("licensing.license.kind"), termsName],
          [t("licensing.license.licensee"), license.licenseeName],
          [t("licensing.license.date"), formatDate(license.licensedAt, tag)],
        ].map(([label, value]) => (
          <div key={String(label)} className="flex justify-between gap-4 px-5 py-3.5">
            <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
      </dl>
      {license.certificateUrl ? (
        // A file outside the page's language: a plain link, not one kept in its language.
        <a href={license.certificateUrl} className={buttonClass("primary", "mt-6")}>
          {t("licensing.license.certificate")}
        </a>
      ) : null}
      <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
        {rich("licensing.license.whatAllowed", {
          name: termsName,
          link: (chunks) => (
            <Link to="/licensing" className="font-semibold underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t("licensing.terms.binding")}</p>
    </main>
  );
}
