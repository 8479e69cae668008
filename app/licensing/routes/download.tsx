import { useEffect, useId, useState } from "react";
import { data, redirect, useFetcher } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { clipPath, downloadPath, loginToReturn, parseClipId } from "~/catalog/clips/clip-id";
import { claimGuestOrdersOf } from "~/commerce/orders/order-lifecycle.server";
import { pageI18n } from "~/commerce/page-i18n.server";
import { buttonClass, Spinner } from "~/components/button";
import { DownloadIcon } from "~/components/icons";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath, type PageLocale } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { formatDate } from "~/platform/text/dates";
import { formatFileSize } from "~/platform/text/file-size";
import { findDownloadOffer, startDownload, whereToGetDownloads } from "../download-access.server";
import { certificatePath } from "../license-id";
import { LICENSE_NAME_KEYS, LICENSE_TERMS } from "../license-terms";
import { DOWNLOAD_MESSAGES, localDownloadMessage } from "../messages";
import { DOWNLOAD_VARIANTS } from "../variants";
import type { Route } from "./+types/download";

/** The certificate link once a download has made (or found) the license. */
export const CERTIFICATE_LINK = "License certificate (PDF)";

export const meta = ({ params, data: loaded }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), loaded?.messages ?? {});
  return pageMeta(t("licensing.download.metaTitle"), t("licensing.download.metaDescription"));
};

async function requireBuyer(request: Request, clipId: number, locale: PageLocale) {
  const user = await getOptionalUser(request);
  // Back to this download step once signed in, not to the clip: the buyer asked to download.
  if (!user)
    throw redirect(localizedPath(locale, loginToReturn(localizedPath(locale, downloadPath(clipId)))));
  return user;
}

/** No downloads left: to the order awaiting payment, or to the plans, saying which. */
async function sendToDownloads(userId: string, clipId: number, params: { lang?: string }) {
  const { i18n } = pageI18n(params, ["licensing"]);
  const { path, message } = await whereToGetDownloads(userId, clipId);
  // Not a fault: where to get downloads, said in the neutral tone.
  return redirectWithToast(localizedPath(i18n.locale, path), {
    message: localDownloadMessage(message, i18n),
    type: "info",
  });
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { messages } = pageI18n(params, ["licensing", "commerce"]);
  const clipId = parseClipId(params.id);
  if (!clipId) throw data(null, { status: 404 });
  const user = await requireBuyer(request, clipId, pageLocaleOf(params));
  await claimGuestOrdersOf(user);
  const offer = await findDownloadOffer(user.id, clipId);
  if (offer.state === "not_found") throw data(null, { status: 404 });
  if (offer.state === "needs_plan") throw await sendToDownloads(user.id, clipId, params);
  const { clip, files } = offer;
  const common = {
    clip: { id: clip.id, title: clip.title, creatorName: clip.creatorName, thumbnailUrl: clip.thumbnailUrl },
    files: files.map(({ variant, label, fileName, sizeBytes }) => ({ variant, label, fileName, sizeBytes })),
    messages,
  };
  if (offer.state === "licensed") {
    return {
      ...common,
      licensed: true as const,
      licenseKind: offer.license.licenseKind,
      licenseId: offer.license.id,
      licensedAt: offer.license.createdAt.toISOString(),
    };
  }
  const { entitlement } = offer;
  return {
    ...common,
    licensed: false as const,
    licenseKind: entitlement.licenseKind,
    downloadsLeft:
      entitlement.downloadsTotal === 0 ? null : entitlement.downloadsTotal - entitlement.downloadsUsed,
    expiresAt: entitlement.expiresAt.toISOString(),
  };
}

const DownloadFormSchema = z.object({ variant: z.enum(DOWNLOAD_VARIANTS) });

export async function action({ request, params }: Route.ActionArgs) {
  const clipId = parseClipId(params.id);
  if (!clipId) throw data(null, { status: 404 });
  const user = await requireBuyer(request, clipId, pageLocaleOf(params));
  const { i18n } = pageI18n(params, ["licensing"]);
  const parsed = await parseForm(request, DownloadFormSchema);
  if (!parsed.ok) return replyWith(formReply(localDownloadMessage(DOWNLOAD_MESSAGES.chooseFile, i18n)));
  const result = await startDownload({
    licensee: { userId: user.id, name: user.fullName, email: user.email },
    clipId,
    variant: parsed.data.variant,
  });
  if (result.ok) {
    return {
      ok: true as const,
      url: result.value.url,
      certificateUrl: certificatePath(result.value.license.id),
    };
  }
  if (result.reason === "no_entitlement") throw await sendToDownloads(user.id, clipId, params);
  if (result.reason === "no_such_file") {
    return replyWith(
      formReply(localDownloadMessage(DOWNLOAD_MESSAGES.chooseFile, i18n), { values: parsed.values }),
    );
  }
  throw data(null, { status: 404 });
}

export default function Download({ loaderData }: Route.ComponentProps) {
  const { clip, files, licenseKind } = loaderData;
  const { t, rich, tag } = useI18n();
  const fetcher = useFetcher<typeof action>();
  const [variant, setVariant] = useState(files[0]?.variant);
  const busy = fetcher.state !== "idle";
  const url = fetcher.data?.ok ? fetcher.data.url : null;
  const certificateUrl = fetcher.data?.ok ? fetcher.data.certificateUrl : null;
  const refusal = fetcher.data && !fetcher.data.ok ? replyMessage(fetcher.data) : null;
  const terms = LICENSE_TERMS[licenseKind];
  const headingId = useId();

  // The signed link answers with the file as an attachment: the page stays, the browser saves it.
  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);

  return (
    <main className="mx-auto flex max-w-[1400px] justify-center px-4 py-8 sm:py-14">
      <section
        aria-labelledby={headingId}
        className="w-full max-w-lg rounded-3xl border border-zinc-200 bg-white p-5 shadow-xl sm:p-7 dark:border-zinc-800 dark:bg-zinc-900"
        data-testid="download-dialog"
      >
        <div className="flex items-start gap-4">
          <img
            src={clip.thumbnailUrl}
            alt=""
            width={112}
            height={63}
            className="aspect-video w-28 shrink-0 rounded-xl bg-zinc-200 object-cover dark:bg-zinc-800"
          />
          <div className="min-w-0">
            <h1 id={headingId} className="text-xl font-bold tracking-tight">
              {t("licensing.download.heading", { title: clip.title })}
            </h1>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {t("licensing.download.by", { creator: clip.creatorName })}
            </p>
          </div>
        </div>

        <fetcher.Form method="post" className="mt-6 space-y-6">
          <fieldset className="min-w-0">
            <legend className="text-sm font-semibold">{t("licensing.download.file")}</legend>
            <div className="mt-2 space-y-2">
              {files.map((file) => (
                <label
                  key={file.variant}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 px-4 py-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-zinc-700 dark:has-[:checked]:border-brand-500 dark:has-[:checked]:bg-brand-950/40"
                >
                  <input
                    type="radio"
                    name="variant"
                    value={file.variant}
                    checked={variant === file.variant}
                    onChange={() => setVariant(file.variant)}
                    className="size-4 accent-brand-700"
                  />
                  <span className="min-w-0 flex-1">
                    {/* The size beside the label: on a phone the file name is cut short, the size must not be. */}
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="font-medium">{file.label}</span>
                      {file.sizeBytes ? (
                        <span className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                          {formatFileSize(file.sizeBytes, tag)}
                        </span>
                      ) : null}
                    </span>
                    <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">
                      {file.fileName}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div
            className="rounded-2xl bg-zinc-50 p-4 text-sm dark:bg-zinc-950/60"
            data-testid="download-license"
          >
            <p className="font-semibold">{t(LICENSE_NAME_KEYS[licenseKind])}</p>
            {loaderData.licensed ? (
              <p className="mt-1 text-zinc-700 dark:text-zinc-300">
                {rich("licensing.download.licensed", {
                  date: formatDate(loaderData.licensedAt, tag),
                  id: loaderData.licenseId,
                  link: (chunks) => (
                    <Link to={`/license/${loaderData.licenseId}`} className="font-mono underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            ) : (
              <p className="mt-1 text-zinc-700 dark:text-zinc-300">
                {loaderData.downloadsLeft === null
                  ? t("licensing.download.usesPlanUnlimited", { date: formatDate(loaderData.expiresAt, tag) })
                  : t("licensing.download.usesPlan", {
                      count: loaderData.downloadsLeft,
                      date: formatDate(loaderData.expiresAt, tag),
                    })}
              </p>
            )}
            <details className="mt-3">
              <summary className="cursor-pointer font-medium text-brand-800 dark:text-brand-300">
                {t("licensing.terms.allows")}
              </summary>
              <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t("licensing.terms.binding")}</p>
              {/* The terms themselves are the English, binding text. */}
              <ul className="mt-2 space-y-1" lang="en">
                {terms.allowed.map((item) => (
                  <li key={item}>✓ {item}</li>
                ))}
                {terms.notAllowed.map((item) => (
                  <li key={item} className="text-red-800 dark:text-red-300">
                    ✕ {item}
                  </li>
                ))}
              </ul>
              <Link to="/licensing" className="mt-2 inline-block underline">
                {t("licensing.terms.full")}
              </Link>
            </details>
          </div>

          {refusal ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {refusal}
            </p>
          ) : null}
          {url && !busy ? (
            <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
              {rich("licensing.download.started", {
                link: (chunks) => (
                  <a href={url} className="font-semibold underline">
                    {chunks}
                  </a>
                ),
              })}
            </p>
          ) : null}
          {certificateUrl && !busy ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {t("licensing.download.keepCertificate")}{" "}
              <a href={certificateUrl} className="font-semibold underline" data-testid="download-certificate">
                {t("licensing.download.certificateLink")}
              </a>
            </p>
          ) : null}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={clipPath(clip.id)} className={buttonClass("secondary")}>
              {t("licensing.download.backToClip")}
            </Link>
            <button type="submit" className={buttonClass("primary")} disabled={busy || !variant}>
              {busy ? (
                <Spinner label={t("licensing.download.preparing")} />
              ) : (
                <>
                  <DownloadIcon />
                  {loaderData.licensed
                    ? t("licensing.download.again")
                    : t("licensing.download.licenseAndDownload")}
                </>
              )}
            </button>
          </div>
        </fetcher.Form>
      </section>
    </main>
  );
}
