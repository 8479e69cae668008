import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useT } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { UploadQueue } from "../components/upload-queue";
import type { Route } from "./+types/upload";
import { requireStudioUser } from "./studio-user.server";

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("studio.upload.metaTitle"), t("studio.upload.metaDescription"));
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStudioUser(request);
  return { messages: messagesFor(pageLocaleOf(params), ["studio"]) };
}

export default function Upload() {
  const t = useT();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/studio" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
        {t("studio.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{t("studio.upload.heading")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("studio.upload.intro")}</p>
      <UploadQueue />
    </main>
  );
}
