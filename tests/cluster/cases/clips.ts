import { ClipDetailsSchema } from "~/studio/clips/clip-details-schema";
import { updateClipDetails } from "~/studio/clips/clips.server";
import { createAccount } from "../../factories/accounts";
import { createPaidOrder } from "../../factories/licensing";
import { makeVideo } from "../../support/video-files";
import type { ClusterCase } from "../cases";
import type { Cluster } from "../cluster";
import { form, send, type Tally, waitUntil } from "../traffic";
import { signIn } from "./accounts";

/** The clip the upload case makes; the later cases publish, buy and download it. */
const journey: { clipId?: number; creatorId?: string; title?: string } = {};

const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * A tus upload of `video` whose requests go to the web nodes in turn: created on one, each chunk
 * sent to the next after asking yet another where the upload stands. Resolves with the clip made.
 */
export async function uploadThroughEveryNode(cluster: Cluster, tally: Tally, cookie: string, video: Buffer) {
  const node = (n: number) => cluster.web[n % cluster.web.length]!;
  const tus = { "Tus-Resumable": "1.0.0", Cookie: cookie };
  const created = await send(tally, `${node(0).url}/studio/uploads/`, {
    method: "POST",
    headers: {
      ...tus,
      "Upload-Length": String(video.length),
      "Upload-Metadata": `filename ${Buffer.from("Cluster harbour at dusk.mp4").toString("base64")}`,
    },
  });
  await created.arrayBuffer();
  if (created.status !== 201)
    throw new Error(`creating the upload on ${node(0).name} answered ${created.status}`);
  const location = new URL(created.headers.get("Location")!, cluster.proxy.url).pathname;
  let offset = 0;
  let clipId = 0;
  const visited = new Set([node(0).name]);
  for (let n = 1; offset < video.length; n++) {
    const asked = await send(tally, `${node(n + 1).url}${location}`, { method: "HEAD", headers: tus });
    if (Number(asked.headers.get("Upload-Offset")) !== offset)
      throw new Error(
        `${node(n + 1).name} says the upload is at ${asked.headers.get("Upload-Offset")}, not ${offset}`,
      );
    const patched = await send(tally, `${node(n).url}${location}`, {
      method: "PATCH",
      headers: { ...tus, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      body: new Uint8Array(video.subarray(offset, offset + CHUNK_BYTES)),
    });
    await patched.arrayBuffer();
    if (patched.status !== 204) throw new Error(`chunk ${n} on ${node(n).name} answered ${patched.status}`);
    offset = Number(patched.headers.get("Upload-Offset"));
    clipId = Number(patched.headers.get("Verdeo-Clip-Id") ?? clipId);
    visited.add(node(n).name).add(node(n + 1).name);
  }
  if (!clipId) throw new Error("the last chunk named no clip");
  return { clipId, nodes: visited.size };
}

export const clipCases: ClusterCase[] = [
  {
    id: "upload",
    title: "A tus upload whose chunks reach different nodes finishes, and the clip is processed once",
    async run(cluster, tally) {
      const creator = await createAccount({ role: "creator" });
      const cookie = await signIn(tally, cluster.proxy.url, creator.email, creator.password);
      const video = makeVideo("cluster-upload.mp4", { seconds: 6, crf: 4 });
      const { clipId, nodes } = await uploadThroughEveryNode(cluster, tally, cookie, video);
      const waited = await waitUntil(
        `clip ${clipId} processed`,
        async () => {
          const [clip] = await cluster.query<{ status: string }>("select status from clips where id = $1", [
            clipId,
          ]);
          if (clip?.status === "failed") throw new Error(`clip ${clipId} failed processing`);
          return clip?.status === "needs_details";
        },
        180_000,
        500,
      );
      const runs = await cluster.query<{ name: string; n: number }>(
        `select name, count(*)::int as n from pgboss.job
          where name like 'media.%' and data->>'clipId' = $1 and state = 'completed' group by name order by name`,
        [String(clipId)],
      );
      const counts = runs.map((run) => `${run.name} ×${run.n}`).join(", ");
      if (runs.length === 0 || runs.some((run) => run.n !== 1))
        throw new Error(`media jobs of the clip: ${counts}`);
      Object.assign(journey, { clipId, creatorId: creator.id });
      return `${(video.length / 2 ** 20).toFixed(1)} MiB in ${Math.ceil(video.length / CHUNK_BYTES)} chunks over ${nodes} nodes; processed in ${(waited / 1000).toFixed(1)} s by ${counts}`;
    },
  },
  {
    id: "staff-change",
    title: "A staff change reaches every node's public pages within the page-cache window",
    async run(cluster, tally) {
      const { clipId, creatorId } = needClip();
      const title = `Harbour lights cluster ${Date.now().toString(36)}`;
      const details = ClipDetailsSchema.parse({
        title,
        description: "Boats in a harbour as the lights come on.",
        nicheId: "nature",
        subNiche: "",
        mood: "calm",
        license: "standard",
        orientation: "landscape",
        colorTone: "warm",
        tags: "harbour, boats, dusk",
      });
      const saved = await updateClipDetails({ creatorId, clipId, details, submit: true });
      if (!saved.ok) throw new Error(`sending the clip to review failed: ${saved.reason}`);
      // Every node caches the anonymous search page before the change: no result yet.
      const search = `/videos?q=${encodeURIComponent(title.split(" ").at(-1)!)}`;
      const shows = async (url: string) => {
        const response = await send(tally, `${url}${search}`);
        return (await response.text()).includes(title);
      };
      for (const node of cluster.web)
        if (await shows(node.url)) throw new Error("the clip was found before it was approved");
      const staff = await createAccount({ role: "developer" });
      const cookie = await signIn(tally, cluster.proxy.url, staff.email, staff.password);
      const approved = await send(tally, `${cluster.proxy.url}/staff/clips/${clipId}`, {
        ...form({ intent: "approve" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
      await approved.arrayBuffer();
      if (approved.status !== 302) throw new Error(`approving answered ${approved.status}`);
      const delays = await Promise.all(
        cluster.web.map((node) =>
          waitUntil(`${node.name} shows the approved clip`, () => shows(node.url), 10_000, 100),
        ),
      );
      const slowest = Math.max(...delays);
      // The page cache keeps a copy 3 s; one render more, and the poll's own step.
      if (slowest > 4_500) throw new Error(`a node showed the change only after ${Math.round(slowest)} ms`);
      journey.title = title;
      return `approved through the proxy; every node's search page showed it within ${Math.round(slowest)} ms (window 3 s)`;
    },
  },
  {
    id: "download",
    title: "A licensed download follows its presigned link end to end (signature checked by the engine)",
    async run(cluster, tally) {
      const { clipId } = needClip();
      const buyer = await createAccount();
      await createPaidOrder({ userId: buyer.id, email: buyer.email, downloads: 10 });
      const cookie = await signIn(tally, cluster.proxy.url, buyer.email, buyer.password);
      const licensed = await send(tally, `${cluster.proxy.url}/video/${clipId}/download.data`, {
        ...form({ variant: "720p" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
      const text = await licensed.text();
      const link = /\/downloads\/[^"\\]+/.exec(text)?.[0];
      if (!link)
        throw new Error(
          `licensing answered ${licensed.status} without a download link: ${text.slice(0, 200)}`,
        );
      const redirected = await send(tally, `${cluster.proxy.url}${link}`, { headers: { Cookie: cookie } });
      const presigned = redirected.headers.get("location");
      if (redirected.status !== 302 || !presigned)
        throw new Error(`the download link answered ${redirected.status}`);
      const whole = await send(tally, presigned);
      const bytes = Buffer.from(await whole.arrayBuffer());
      if (whole.status !== 200 || bytes.length < 10_000)
        throw new Error(`the presigned link answered ${whole.status}, ${bytes.length} bytes`);
      const ranged = await send(tally, presigned, { headers: { Range: "bytes=100-199" } });
      const part = Buffer.from(await ranged.arrayBuffer());
      if (ranged.status !== 206 || !part.equals(bytes.subarray(100, 200)))
        throw new Error(`a range of the file answered ${ranged.status} with ${part.length} bytes`);
      const tampered = new URL(presigned);
      tampered.searchParams.set("X-Amz-Signature", "0".repeat(64));
      const refused = await send(tally, tampered.href);
      await refused.arrayBuffer();
      if (refused.status !== 403) throw new Error(`a tampered signature answered ${refused.status}`);
      return `${(bytes.length / 1024).toFixed(0)} KiB from ${new URL(presigned).host}; range 206; tampered signature 403`;
    },
  },
];

function needClip() {
  if (!journey.clipId || !journey.creatorId) throw new Error("the upload case made no clip");
  return { clipId: journey.clipId, creatorId: journey.creatorId };
}
