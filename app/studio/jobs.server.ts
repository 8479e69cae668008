import { failStuckClips } from "~/media/processing/processing.server";
import { defineJob } from "~/platform/jobs/define.server";
import { logger } from "~/platform/logger.server";
import { removeExpiredUploads } from "./uploads/uploads.server";

/** Every hour: unfinished uploads older than a day go, with their bytes, and expired upload leases; clips stuck in processing fail. */
export const cleanUploadsJob = defineJob<object>({
  name: "studio.clean-uploads",
  cron: "17 * * * *",
  policy: "singleton",
  handler: async () => {
    const uploads = await removeExpiredUploads();
    const clips = await failStuckClips();
    if (uploads || clips) logger.info({ uploads, clips }, "expired uploads removed, stuck clips failed");
  },
});

export const STUDIO_JOBS = [cleanUploadsJob] as const;
