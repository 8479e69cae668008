import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { UploadQueue } from "../components/upload-queue";
import type { Route } from "./+types/upload";
import { requireStudioUser } from "./studio-user.server";

export const meta = () => pageMeta("Upload clips", "Upload video clips to your Verdeo studio.");

export async function loader({ request }: Route.LoaderArgs) {
  await requireStudioUser(request);
  return null;
}

export default function Upload() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/studio" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
        ← Back to studio
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight">Upload clips</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        MP4, MOV, WebM or MKV, 3 to 120 seconds, at least 1280x720, up to 4 GB each. Uploads resume by
        themselves after a dropped connection; after closing the page, choose the same file again to continue.
      </p>
      <UploadQueue />
    </main>
  );
}
