import { requirePermission } from "~/accounts/routes/permissions.server";
import { releaseGapSummary } from "~/catalog/clips/seen-people";
import { listClipsInReview } from "~/catalog/clips/staff-clips.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { PageNumberSchema } from "~/platform/text/paging";
import { releaseGaps } from "~/studio/releases/clip-releases.server";
import { Pagination } from "../components/list-page";
import { formatDateTime, Pill, StaffPageHeader } from "../components/staff-ui";
import type { Route } from "./+types/review";

export const meta = () => pageMeta("Review queue · Staff", "Clips waiting for review, oldest first.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:review-clips");
  const page = PageNumberSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const clips = await listClipsInReview(page);
  // Clips whose recognisable people no model release covers yet cannot be approved: flagged here.
  const gaps = await releaseGaps(clips.rows.map((clip) => clip.id));
  return {
    clips,
    needsRelease: Object.fromEntries([...gaps].map(([id, gap]) => [id, releaseGapSummary(gap)])),
  };
}

export default function ReviewQueue({ loaderData }: Route.ComponentProps) {
  const { clips } = loaderData;
  const needsRelease = new Map(
    Object.entries(loaderData.needsRelease).map(([id, text]) => [Number(id), text]),
  );
  return (
    <main>
      <StaffPageHeader
        title="Review queue"
        description="Clips in review, oldest submission first. Open one to watch it and decide."
      />
      {clips.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          Nothing to review. Well done.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {clips.rows.map((clip) => (
            <li
              key={clip.id}
              className="overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/60"
            >
              <Link to={`/staff/clips/${clip.id}`} className="block hover:opacity-90">
                <img
                  src={clip.thumbnailUrl}
                  alt=""
                  className="aspect-video w-full bg-zinc-200 object-cover dark:bg-zinc-800"
                  loading="lazy"
                />
                <div className="p-3">
                  <p className="font-semibold text-brand-800 dark:text-brand-300">{clip.title}</p>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    by {clip.creatorUsername ?? clip.creatorName} · submitted {formatDateTime(clip.createdAt)}
                  </p>
                  {clip.duplicateOfId || needsRelease.has(clip.id) ? (
                    <p className="mt-1 flex flex-wrap gap-1">
                      {clip.duplicateOfId ? (
                        <Pill tone="red">Likely duplicate of #{clip.duplicateOfId}</Pill>
                      ) : null}
                      {needsRelease.has(clip.id) ? <Pill tone="amber">People, no release</Pill> : null}
                    </p>
                  ) : null}
                  {needsRelease.has(clip.id) ? (
                    <p className="mt-1 text-xs text-zinc-700 dark:text-zinc-300">
                      Cannot be approved yet: {needsRelease.get(clip.id)}
                    </p>
                  ) : null}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={clips} />
    </main>
  );
}
