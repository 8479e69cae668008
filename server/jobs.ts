import { JOBS } from "~/jobs.server";
import { renderDemoClipJob } from "./seed/media";

/**
 * Every job a Verdeo process works: the app's, plus the demo seed's rendering, which lives with the
 * seed because it is not a feature of the product (app/ never imports server/).
 */
export const PROCESS_JOBS = [...JOBS, renderDemoClipJob] as const;
