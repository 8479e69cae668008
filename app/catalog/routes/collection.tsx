import { data, Form, redirect, replace } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { requireUser } from "~/accounts/routes/require-user.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { parseClipId } from "../clips/clip-id";
import {
  COLLECTION_NAME_MAX,
  COLLECTION_VISIBILITIES,
  collectionPath,
  isClipPagePath,
} from "../collections/collection-rules";
import { COLLECTION_MESSAGE_KEYS, VISIBILITY_KEYS } from "../collections/collection-texts";
import { changeCollection, openCollection } from "../collections/collections.server";
import { GridCard, JustifiedGrid } from "../components/clip-grid";
import { CollectionAlert } from "../components/collection-alert";
import type { Route } from "./+types/collection";

/** /collections/:token: a collection, read-only for others when shared, with the owner's controls. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getOptionalUser(request, context);
  const opened = await openCollection(params.token, viewer?.id ?? null);
  if (!opened.ok) throw data(null, { status: 404 });
  return { ...opened.value, messages: messagesFor(pageLocaleOf(params), ["clips", "catalog"]) };
}

const ChangeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("rename"),
    collectionId: z.uuid(),
    name: z.string().max(COLLECTION_NAME_MAX * 4),
  }),
  z.object({
    intent: z.literal("visibility"),
    collectionId: z.uuid(),
    visibility: z.enum(COLLECTION_VISIBILITIES),
  }),
  z.object({ intent: z.literal("delete"), collectionId: z.uuid() }),
  z.object({ intent: z.literal("add"), collectionId: z.uuid(), clipId: z.string() }),
  z.object({ intent: z.literal("remove"), collectionId: z.uuid(), clipId: z.string() }),
  z.object({ intent: z.enum(["up", "down"]), collectionId: z.uuid(), clipId: z.string() }),
]);

/** Every owner's change clips here (also from the clip page's Save menu, with a redirect back). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const locale = pageLocaleOf(params);
  const { t } = makeI18n(locale, messagesFor(locale, ["clips"]));
  const parsed = parseFormData(await readForm(request), ChangeSchema);
  if (!parsed.ok) return replyWith(formReply(t(COLLECTION_MESSAGE_KEYS.invalidChange)));
  const { data: input, values } = parsed;
  const clipId = "clipId" in input ? parseClipId(input.clipId) : undefined;
  if ("clipId" in input && !clipId) return replyWith(formReply(t(COLLECTION_MESSAGE_KEYS.clip_not_found)));
  const change =
    input.intent === "rename"
      ? { kind: "rename" as const, name: input.name }
      : input.intent === "visibility"
        ? { kind: "visibility" as const, visibility: input.visibility }
        : input.intent === "delete"
          ? { kind: "delete" as const }
          : input.intent === "add"
            ? { kind: "add" as const, clipId: clipId! }
            : input.intent === "remove"
              ? { kind: "remove" as const, clipId: clipId! }
              : { kind: "move" as const, clipId: clipId!, direction: input.intent };
  const result = await changeCollection({ userId: user.id, collectionId: input.collectionId, change });
  if (!result.ok) {
    const status = result.reason === "not_found" ? 404 : 400;
    return replyWith(
      formReply(t(COLLECTION_MESSAGE_KEYS[result.reason], { max: COLLECTION_NAME_MAX }), { values }),
      status,
    );
  }
  if (input.intent === "delete") return redirect(localizedPath(locale, "/collections"));
  if (input.intent === "visibility" && result.value.shareToken)
    return redirect(localizedPath(locale, collectionPath(result.value.shareToken)));
  // Not part of the schema: a missing or foreign address just stays on this page.
  // In place of this post in the history: Back still leaves the clip page.
  if (isClipPagePath(values.redirectTo))
    return replace(localizedPath(locale, `${values.redirectTo}?saved=1`));
  return { ok: true as const };
}

export const meta: Route.MetaFunction = ({ data: loaded, params }) => {
  const { t } = makeI18n(pageLocaleOf(params), loaded?.messages ?? {});
  if (!loaded) return pageMeta(t("clips.collection.notFoundTitle"), t("clips.collection.notFoundText"));
  return [
    ...pageMeta(loaded.collection.name, t("clips.collection.description", { count: loaded.clips.length })),
    // Only public collections may be indexed; a link-shared one stays out of search engines.
    ...(loaded.collection.visibility === "public" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

const small =
  "rounded-full border border-zinc-300 px-3 py-1 text-xs font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

export default function Collection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, clips, own } = loaderData;
  const { t } = useI18n();
  const hidden = <input type="hidden" name="collectionId" value={collection.id ?? ""} />;
  return (
    <main className="mx-auto max-w-[1400px] space-y-6 px-4 py-10 sm:px-6">
      {own ? (
        <Link to="/collections" className="text-sm font-semibold text-brand-700 dark:text-brand-400">
          {t("clips.collection.back")}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-black tracking-tight">{collection.name}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("clips.collections.summary", {
            count: clips.length,
            visibility: t(VISIBILITY_KEYS[collection.visibility]),
          })}
        </p>
      </div>
      <CollectionAlert reply={actionData} />
      {own ? (
        <section
          aria-label={t("clips.collection.manage")}
          className="flex flex-wrap items-end gap-4 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800"
        >
          <Form method="post" className="flex items-end gap-2">
            {hidden}
            <input type="hidden" name="intent" value="rename" />
            <label>
              <span className="mb-1 block text-xs font-semibold">{t("clips.collection.name")}</span>
              <input
                name="name"
                defaultValue={collection.name}
                maxLength={COLLECTION_NAME_MAX}
                required
                className="h-9 rounded-full border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              />
            </label>
            <button type="submit" className={small}>
              {t("clips.collection.rename")}
            </button>
          </Form>
          <Form method="post" className="flex items-end gap-2">
            {hidden}
            <input type="hidden" name="intent" value="visibility" />
            <label>
              <span className="mb-1 block text-xs font-semibold">{t("clips.collection.whoCanSee")}</span>
              <select
                name="visibility"
                defaultValue={collection.visibility}
                className="h-9 rounded-full border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
              >
                {COLLECTION_VISIBILITIES.map((value) => (
                  <option key={value} value={value}>
                    {t(VISIBILITY_KEYS[value])}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={small}>
              {t("clips.collection.save")}
            </button>
          </Form>
          {collection.visibility !== "private" ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("clips.collection.shareHint")}</p>
          ) : null}
          <Form method="post" className="ml-auto">
            {hidden}
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className={`${small} text-red-700 dark:text-red-400`}>
              {t("clips.collection.delete")}
            </button>
          </Form>
        </section>
      ) : null}
      {clips.length ? (
        <JustifiedGrid clips={clips} label={t("clips.collection.clips")}>
          {(clip) => (
            <div>
              <GridCard clip={clip} />
              {own ? (
                <Form method="post" className="mt-1 flex gap-1">
                  {hidden}
                  <input type="hidden" name="clipId" value={clip.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="up"
                    className={small}
                    aria-label={t("clips.collection.moveEarlier", { title: clip.title })}
                  >
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    className={small}
                    aria-label={t("clips.collection.moveLater", { title: clip.title })}
                  >
                    ↓
                  </button>
                  <button type="submit" name="intent" value="remove" className={small}>
                    {t("clips.collection.remove")}
                  </button>
                </Form>
              ) : null}
            </div>
          )}
        </JustifiedGrid>
      ) : (
        <p className="text-zinc-600 dark:text-zinc-400">{t("clips.collection.empty")}</p>
      )}
    </main>
  );
}
