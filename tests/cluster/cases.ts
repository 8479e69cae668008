import { accountCases } from "./cases/accounts";
import { capacityCases } from "./cases/capacity";
import { clipCases } from "./cases/clips";
import { jobCases } from "./cases/jobs";
import { resilienceCases } from "./cases/resilience";
import type { Cluster } from "./cluster";
import type { Tally } from "./traffic";

export interface ClusterCase {
  id: string;
  title: string;
  /** Throws when the cluster breaks a promise; resolves with what it measured, in words. */
  run(cluster: Cluster, tally: Tally): Promise<string>;
  /** Called once the cluster is up, before any case runs (a case that needs time to pass). */
  begin?(cluster: Cluster): Promise<void>;
}

export interface CaseResult extends Tally {
  id: string;
  title: string;
  passed: boolean;
  detail: string;
  ms: number;
}

/** In order: the later cases kill and stop processes. */
export const CASES: ClusterCase[] = [
  ...accountCases,
  ...clipCases,
  ...capacityCases,
  ...resilienceCases,
  ...jobCases,
];
