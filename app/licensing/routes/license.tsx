import { data } from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { CheckIcon } from "~/commerce/components/plan-card";
import { ButtonLink } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { verifyLicense } from "../library.server";
import { LicenseIdSchema } from "../license-id";
import { LICENSE_TERMS } from "../license-terms";
import { formatDate } from "../messages";
import type { Route } from "./+types/license";

export const LICENSE_VALID = "Valid license";
export const LICENSE_UNKNOWN = "No such license";
export const LICENSE_REVOKED = "License revoked";
export const CERTIFICATE_LINK = "Certificate (PDF)";

export const meta = ({ data: result }: Route.MetaArgs) =>
  pageMeta(
    result?.license
      ? `${result.license.revokedAt ? LICENSE_REVOKED : LICENSE_VALID}: ${result.license.id}`
      : LICENSE_UNKNOWN,
    "Check a Verdeo license certificate.",
  );

/** Public: anyone holding a certificate can check it. Shows no personal data beyond the licensee's name. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = LicenseIdSchema.safeParse(params.licenseId);
  const viewer = await getOptionalUser(request);
  const license = id.success ? await verifyLicense(id.data, viewer?.id) : null;
  return data(
    { license, asked: params.licenseId.slice(0, 40) },
    { status: license ? 200 : 404, headers: { "X-Robots-Tag": "noindex" } },
  );
}

export default function LicenseVerification({ loaderData }: Route.ComponentProps) {
  const { license, asked } = loaderData;
  if (!license) {
    return (
      <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight" data-testid="license-verdict">
          {LICENSE_UNKNOWN}
        </h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">
          There is no Verdeo license with the id <span className="font-mono break-all">{asked}</span>. Check
          the id on the certificate, or write to us if you believe a certificate is forged.
        </p>
        <ButtonLink to="/contact" variant="secondary" className="mt-8">
          Contact us
        </ButtonLink>
      </main>
    );
  }
  const terms = LICENSE_TERMS[license.licenseKind];
  const revoked = license.revokedAt;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-20">
      {revoked ? null : (
        <div className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-400">
          <CheckIcon className="size-8" />
        </div>
      )}
      <h1 className="mt-6 text-3xl font-bold tracking-tight" data-testid="license-verdict">
        {revoked ? LICENSE_REVOKED : LICENSE_VALID}
      </h1>
      {revoked ? (
        <p className="mt-3 text-zinc-700 dark:text-zinc-300">
          This license ended on {formatDate(revoked)}: the order it was bought with was refunded. The clip may
          no longer be used under it.
        </p>
      ) : null}
      <dl className="mt-8 w-full divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-zinc-50 text-left text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {[
          [
            "License",
            <span key="id" className="font-mono">
              {license.id}
            </span>,
          ],
          [
            "Clip",
            license.clipId ? (
              <Link key="clip" to={`/video/${license.clipId}`} className="font-semibold underline">
                {license.clipTitle}
              </Link>
            ) : (
              license.clipTitle
            ),
          ],
          ["Creator", license.creatorName],
          ["License kind", terms.name],
          ["Licensed to", license.licenseeName],
          ["Date", formatDate(license.licensedAt)],
        ].map(([label, value]) => (
          <div key={String(label)} className="flex justify-between gap-4 px-5 py-3.5">
            <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
      </dl>
      {license.certificateUrl ? (
        <ButtonLink to={license.certificateUrl} reloadDocument className="mt-6">
          {CERTIFICATE_LINK}
        </ButtonLink>
      ) : null}
      <p className="mt-6 text-sm text-zinc-600 dark:text-zinc-400">
        What the {terms.name} allows is set out on the{" "}
        <Link to="/licensing" className="font-semibold underline">
          licensing page
        </Link>
        .
      </p>
    </main>
  );
}
