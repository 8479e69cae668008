import { data, Form, useNavigation } from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { redirectWithToast } from "~/platform/http/toast.server";
import { findClip } from "../clips/catalog.server";
import { CLIP_NOT_FOUND } from "../clips/catalog-content";
import { clipPath, parseClipId } from "../clips/clip-id";
import {
  ClipReportSchema,
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXTS,
} from "../clips/clip-report";
import { reportClip } from "../clips/clip-reports.server";
import type { Route } from "./+types/report-clip";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data?.clip ? `Report “${data.clip.title}”` : "Video not found",
    "Tell our team what is wrong with this clip.",
  );

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseClipId(params.id);
  const clip = id === undefined ? undefined : await findClip(id);
  if (!clip) throw data(null, { status: 404, statusText: CLIP_NOT_FOUND });
  return { clip: { id: clip.id, title: clip.title, thumbnailUrl: clip.thumbnailUrl } };
}

/** "Report this clip": anyone may send one, signed in or not; rate-limited per address (and account). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseClipId(params.id);
  if (id === undefined) throw data(null, { status: 404 });
  const user = await getOptionalUser(request);
  const parsed = await parseForm(request, ClipReportSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  // A clip that is not (or no longer) published is a 404 before anything is counted.
  if (!(await findClip(id))) throw data(null, { status: 404 });
  const subjects = user ? { ip: context.clientIp, user: user.id } : { ip: context.clientIp };
  if (!(await enforceRateLimit("report", subjects)).allowed)
    return replyWith(formReply(REPORT_TEXTS.rateLimited, { values: parsed.values }), 429);
  const result = await reportClip({ clipId: id, reporterId: user?.id ?? null, report: parsed.data });
  if (!result.ok) throw data(null, { status: 404 });
  return redirectWithToast(clipPath(id), { message: REPORT_TEXTS.sent, type: "success" });
}

export default function ReportClip({ loaderData, actionData }: Route.ComponentProps) {
  const { clip } = loaderData;
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
          ← Back to the clip
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Report this clip</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        “{clip.title}”. Our team reads every report; tell us what is wrong and, for a copyright claim, how to
        reach the owner.
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
          <legend className="text-sm font-medium">What is wrong?</legend>
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
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="report-details" className="text-sm font-medium">
            Details
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
          {busy ? "Sending…" : "Send report"}
        </button>
      </Form>
    </main>
  );
}
