import { Form, redirect, replace } from "react-router";
import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { parseClipId } from "../clips/clip-id";
import { COLLECTION_NAME_MAX, collectionPath, isClipPagePath } from "../collections/collection-rules";
import { COLLECTION_MESSAGE_KEYS, VISIBILITY_KEYS } from "../collections/collection-texts";
import { changeCollection, createCollection, listUserCollections } from "../collections/collections.server";
import { CollectionAlert } from "../components/collection-alert";
import type { Route } from "./+types/collections";

/** /collections: the signed-in user's collections, and a form to start one. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    collections: await listUserCollections(user.id),
    messages: messagesFor(pageLocaleOf(params), ["clips", "catalog"]),
  };
}

const CreateSchema = z.object({
  name: z
    .string()
    .max(COLLECTION_NAME_MAX * 4)
    .optional(),
  collectionId: z.uuid().optional(),
  clipId: z.string().optional(),
  redirectTo: z.string().refine(isClipPagePath).optional(),
});

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const locale = pageLocaleOf(params);
  const { t } = makeI18n(locale, messagesFor(locale, ["clips"]));
  const parsed = await parseForm(request, CreateSchema);
  if (!parsed.ok)
    return replyWith(formReply(t(COLLECTION_MESSAGE_KEYS.invalid_name, { max: COLLECTION_NAME_MAX })));
  const { data: input, values } = parsed;
  const clipId = input.clipId ? parseClipId(input.clipId) : undefined;
  if (input.clipId && !clipId)
    return replyWith(formReply(t(COLLECTION_MESSAGE_KEYS.clip_not_found), { values }));
  // The clip page's Save menu: into an existing collection, or a new one named there.
  let collectionId = input.collectionId;
  let token: string | null = null;
  if (!collectionId) {
    const created = await createCollection({ userId: user.id, name: input.name ?? "" });
    if (!created.ok)
      return replyWith(
        formReply(t(COLLECTION_MESSAGE_KEYS[created.reason], { max: COLLECTION_NAME_MAX }), { values }),
      );
    collectionId = created.value.id;
    token = created.value.shareToken;
  }
  if (clipId) {
    const added = await changeCollection({ userId: user.id, collectionId, change: { kind: "add", clipId } });
    if (!added.ok) return replyWith(formReply(t(COLLECTION_MESSAGE_KEYS.addFailed), { values }));
    token = added.value.shareToken;
  }
  // Back to the clip in place of this post in the history: Back still leaves the clip page.
  if (input.redirectTo) return replace(localizedPath(locale, `${input.redirectTo}?collected=1`));
  return redirect(localizedPath(locale, token ? collectionPath(token) : "/collections"));
}

export const meta: Route.MetaFunction = ({ data, params }) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return [
    ...pageMeta(t("clips.collections.title"), t("clips.collections.description")),
    { name: "robots", content: "noindex" },
  ];
};

export default function Collections({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-black tracking-tight">{t("clips.collections.title")}</h1>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <label className="flex-1">
          <span className="mb-1 block text-sm font-semibold">{t("clips.collections.new")}</span>
          <input
            name="name"
            required
            maxLength={COLLECTION_NAME_MAX}
            placeholder={t("clips.collections.namePlaceholder")}
            defaultValue={actionData?.values.name}
            className="h-11 w-full rounded-full border border-zinc-300 bg-white px-4 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <button
          type="submit"
          className="h-11 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white dark:bg-brand-500 dark:text-zinc-950"
        >
          {t("clips.collections.create")}
        </button>
      </Form>
      <CollectionAlert reply={actionData} />
      {loaderData.collections.length ? (
        <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {loaderData.collections.map((collection) => (
            <li key={collection.id}>
              <Link
                to={collectionPath(collection.shareToken)}
                className="flex items-center justify-between gap-4 px-5 py-4 hover:bg-zinc-50 dark:hover:bg-zinc-900"
              >
                <span className="font-semibold">{collection.name}</span>
                <span className="text-sm text-zinc-600 dark:text-zinc-400">
                  {t("clips.collections.summary", {
                    count: collection.clips,
                    visibility: t(VISIBILITY_KEYS[collection.visibility]),
                  })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-zinc-600 dark:text-zinc-400">{t("clips.collections.empty")}</p>
      )}
    </main>
  );
}
