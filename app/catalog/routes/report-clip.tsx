import { data, Form, useNavigation } from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { redirectWithToast } from "~/platform/http/toast.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { findClip } from "../clips/catalog.server";
import { clipPath, parseClipId } from "../clips/clip-id";
import {
  ClipReportSchema,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TEXTS,
  type ReportReason,
} from "../clips/clip-report";
import { reportClip } from "../clips/clip-reports.server";
import type { Route } from "./+types/report-clip";

export const meta: Route.MetaFunction = ({ data, params }) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(
    data?.clip ? t("clips.report.title", { title: data.clip.title }) : t("clips.notFound.title"),
    t("clips.report.description"),
  );
};

/** Each reason as the form names it (staff pages keep REPORT_REASON_LABELS, in English). */
const REASON_KEYS: Record<ReportReason, string> = {
  copyright: "clips.report.reason.copyright",
  offensive: "clips.report.reason.offensive",
  misleading: "clips.report.reason.misleading",
  spam: "clips.report.reason.spam",
  other: "clips.report.reason.other",
};

/** The English texts of the report form (shared with tests) and their keys in the "clips" catalogue. */
const REPORT_TEXT_KEYS: Record<string, string> = {
  [REPORT_TEXTS.reasonRequired]: "clips.report.reasonRequired",
  [REPORT_TEXTS.detailsRequired]: "clips.report.detailsRequired",
  [REPORT_TEXTS.detailsTooLong]: "clips.report.detailsTooLong",
  [REPORT_TEXTS.controlChars]: "clips.report.controlChars",
};

const serverI18n = (params: { lang?: string }) => {
  const locale = pageLocaleOf(params);
  return makeI18n(locale, messagesFor(locale, ["clips"]));
};

export async function loader({ params }: Route.LoaderArgs) {
  const locale = pageLocaleOf(params);
  const messages = messagesFor(locale, ["clips", "catalog"]);
  const id = parseClipId(params.id);
  const clip = id === undefined ? undefined : await findClip(id);
  if (!clip)
    throw data(null, { status: 404, statusText: makeI18n(locale, messages).t("clips.notFound.text") });
  return { clip: { id: clip.id, title: clip.title, thumbnailUrl: clip.thumbnailUrl }, messages };
}

/** "Report this clip": anyone may send one, signed in or not; rate-limited per address (and account). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseClipId(params.id);
  if (id === undefined) throw data(null, { status: 404 });
  const user = await getOptionalUser(request);
  const { locale, t } = serverI18n(params);
  const parsed = await parseForm(request, ClipReportSchema);
  if (!parsed.ok) {
    // The schema speaks English (tests compare its texts): each message is shown in the page's language.
    const say = (message: string) => {
      const key = REPORT_TEXT_KEYS[message];
      return key ? t(key, { max: REPORT_DETAILS_MAX }) : message;
    };
    const { reply } = parsed;
    return replyWith({
      ...reply,
      formError: reply.formError === null ? null : say(reply.formError),
      fieldErrors: Object.fromEntries(
        Object.entries(reply.fieldErrors).map(([field, message]) => [field, say(message)]),
      ),
    });
  }
  // A clip that is not (or no longer) published is a 404 before anything is counted.
  if (!(await findClip(id))) throw data(null, { status: 404 });
  const subjects = user ? { ip: context.clientIp, user: user.id } : { ip: context.clientIp };
  if (!(await enforceRateLimit("report", subjects)).allowed)
    return replyWith(formReply(t("clips.report.rateLimited"), { values: parsed.values }), 429);
  const result = await reportClip({ clipId: id, reporterId: user?.id ?? null, report: parsed.data });
  if (!result.ok) throw data(null, { status: 404 });
  return redirectWithToast(localizedPath(locale, clipPath(id)), {
    message: t("clips.report.sent"),
    type: "success",
  });
}

export default function ReportClip({ loaderData, actionData }: Route.ComponentProps) {
  const { clip } = loaderData;
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const field =
    "mt-1 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";
  return (
    <main className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <p className="mb-4 text-sm">
        <Link
          to={clipPath(clip.id)}
          className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
        >
          {t("clips.report.back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{t("clips.report.heading")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        {t("clips.report.intro", { title: clip.title })}
      </p>
      {actionData ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
        >
          {replyMessage(actionData)}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <fieldset>
          <legend className="text-sm font-medium">{t("clips.report.whatIsWrong")}</legend>
          <div className="mt-2 space-y-2">
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  required
                  defaultChecked={actionData?.values.reason === reason}
                  className="accent-brand-700"
                />
                {t(REASON_KEYS[reason])}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="report-details" className="text-sm font-medium">
            {t("clips.report.details")}
          </label>
          <textarea
            id="report-details"
            name="details"
            rows={5}
            required
            maxLength={REPORT_DETAILS_MAX}
            className={field}
            defaultValue={actionData?.values.details}
          />
        </div>
        <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary")}>
          {busy ? t("clips.report.sending") : t("clips.report.send")}
        </button>
      </Form>
    </main>
  );
}
