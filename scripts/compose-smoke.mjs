/**
 * The HTTP half of `scripts/container-smoke.sh --stack`: the core cases of the cluster test, run
 * from the host against the compose stack through its proxy, as a browser would reach it.
 *
 *   SMOKE_URL=http://localhost:3000 SMOKE_S3=http://localhost:7070 SMOKE_REPLICAS=3 node scripts/compose-smoke.mjs
 *   (SMOKE_SKIP_DOWNLOAD=1: the first three cases only)
 *
 * Cases: the home page; every web replica answers (the proxy's X-Served-By); a session signed in
 * once works on every replica and a sign-out is refused by all; a licensed download (a plan bought
 * at checkout, marked paid by staff) follows its presigned link to the S3 server's public address,
 * whole, by range, and refused with a tampered signature. Each case prints one line; the first
 * failure exits 1 with what was seen.
 */

const BASE = (process.env.SMOKE_URL ?? "http://localhost:3000").replace(/\/$/, "");
const S3_PUBLIC = (process.env.SMOKE_S3 ?? "http://localhost:7070").replace(/\/$/, "");
const REPLICAS = Number(process.env.SMOKE_REPLICAS ?? 3);
/** Demo renders run in the workers after `up`: the download case waits for a clip's files this long. */
const RENDER_WAIT_MS = Number(process.env.SMOKE_RENDER_WAIT_MS ?? 15 * 60_000);
const DEMO_PASSWORD = "verdeo-demo";

let requests = 0;
async function send(path, init = {}) {
  requests += 1;
  const url = path.startsWith("http") ? path : `${BASE}${path}`;
  const headers = { Origin: BASE, ...(init.headers ?? {}) };
  return fetch(url, { redirect: "manual", ...init, headers });
}

/** The `name=value` pairs of a response's Set-Cookie headers, merged into a Cookie header. */
function cookiesOf(response, previous = "") {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair]),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0];
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

const form = (fields, cookie = "") => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields),
});

class SmokeFailure extends Error {}
const fail = (message) => {
  throw new SmokeFailure(message);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(email) {
  const response = await send("/login", form({ intent: "password", email, password: DEMO_PASSWORD }));
  await response.arrayBuffer();
  const cookie = cookiesOf(response);
  if (response.status !== 302 || !cookie.includes("session_token"))
    fail(`signing in as ${email} answered ${response.status} without a session cookie`);
  return cookie;
}

/** GET `path` `times` times; resolves with each answer's status and the replica that served it. */
async function spread(path, times, cookie = "") {
  const answers = [];
  for (let i = 0; i < times; i++) {
    const response = await send(path, { headers: cookie ? { Cookie: cookie } : {} });
    await response.arrayBuffer();
    answers.push({ status: response.status, servedBy: response.headers.get("x-served-by") ?? "?" });
  }
  return answers;
}

const replicasIn = (answers) => [...new Set(answers.map((answer) => answer.servedBy))].sort();

async function homePage() {
  const response = await send("/");
  const html = await response.text();
  if (response.status !== 200) fail(`GET / answered ${response.status}`);
  if (!/<html/i.test(html)) fail("GET / answered 200 without a page");
  return `GET / 200 (${(html.length / 1024).toFixed(0)} KiB) from ${response.headers.get("x-served-by")}`;
}

async function everyReplicaServes() {
  const answers = await spread("/healthz", REPLICAS * 4);
  const seen = replicasIn(answers);
  if (answers.some((answer) => answer.status !== 200)) fail(`/healthz answers: ${JSON.stringify(answers)}`);
  if (seen.length !== REPLICAS)
    fail(`${REPLICAS} replicas expected behind the proxy, saw ${seen.join(", ")}`);
  return `${answers.length} requests spread over ${seen.join(", ")}`;
}

async function sessionAcrossReplicas() {
  const cookie = await signIn("maya@verdeo.local");
  const signedIn = await spread("/profile", REPLICAS * 4, cookie);
  const refused = signedIn.filter((answer) => answer.status !== 200);
  if (refused.length > 0) fail(`the session was refused by ${JSON.stringify(refused)}`);
  if (replicasIn(signedIn).length !== REPLICAS)
    fail(`the session was used on ${replicasIn(signedIn).join(", ")} only`);
  const out = await send("/logout", { method: "POST", headers: { Cookie: cookie } });
  await out.arrayBuffer();
  const after = await spread("/profile", REPLICAS * 4, cookie);
  const accepted = after.filter((answer) => answer.status === 200);
  if (accepted.length > 0) fail(`a signed-out session was still accepted by ${JSON.stringify(accepted)}`);
  return `signed in once; /profile 200 on ${replicasIn(signedIn).join(", ")}; signed out, refused by ${replicasIn(after).join(", ")}`;
}

/** The buyer chooses the first Creator pack at /pricing and places the order; staff mark it paid. */
async function buyPlan(buyer) {
  const pricing = await (await send("/pricing", { headers: { Cookie: buyer } })).text();
  const card = pricing.slice(pricing.indexOf('name="category" value="creator"'));
  const tierId = /name="tierId"[^>]*value="(\d+)"/.exec(card)?.[1];
  const billing = /name="billing"[^>]*value="([a-z_]+)"/.exec(card)?.[1] ?? "one_time";
  if (!tierId) fail("the pricing page shows no Creator plan to choose");
  const chosen = await send("/pricing", form({ category: "creator", tierId, billing }, buyer));
  await chosen.arrayBuffer();
  const withCheckout = cookiesOf(chosen, buyer);
  if (chosen.status !== 302) fail(`choosing the Creator plan answered ${chosen.status}`);
  const placed = await send(
    "/checkout",
    form(
      {
        intent: "place-order",
        email: "buyer@verdeo.local",
        country: "IE",
        buyerType: "individual",
        terms: "on",
      },
      withCheckout,
    ),
  );
  await placed.arrayBuffer();
  if (placed.status !== 302 || !placed.headers.get("location")?.includes("/checkout/success"))
    fail(`placing the order answered ${placed.status} (${placed.headers.get("location")})`);

  const staff = await signIn("dev@verdeo.local");
  const list = await (
    await send("/staff/orders?q=buyer%40verdeo.local&sort=newest", { headers: { Cookie: staff } })
  ).text();
  const orderId = /\/staff\/orders\/([0-9a-f-]{36})/.exec(list)?.[1];
  if (!orderId) fail("the staff order list shows no order of buyer@verdeo.local");
  const paid = await send(
    `/staff/orders/${orderId}`,
    form(
      {
        intent: "mark-paid",
        reference: "Compose smoke test",
        paidAt: new Date().toISOString().slice(0, 10),
      },
      staff,
    ),
  );
  await paid.arrayBuffer();
  if (paid.status !== 302) fail(`marking order ${orderId} paid answered ${paid.status}`);
  return orderId;
}

/** The link the Download dialog gives for the first clip and variant that has a file, or null. */
async function downloadLink(buyer, clipIds) {
  for (const clipId of clipIds)
    for (const variant of ["original", "1080p", "720p", "standard"]) {
      const response = await send(`/video/${clipId}/download.data`, form({ variant }, buyer));
      const link = /\/downloads\/[^"\\]+/.exec(await response.text())?.[0];
      if (link) return { clipId, variant, link };
    }
  return null;
}

async function presignedDownload() {
  const buyer = await signIn("buyer@verdeo.local");
  const orderId = await buyPlan(buyer);
  const home = await (await send("/")).text();
  const clipIds = [...new Set([...home.matchAll(/\/video\/(\d+)/g)].map((match) => match[1]))].slice(0, 8);
  if (clipIds.length === 0) fail("the home page links no clip");
  const started = Date.now();
  let found = await downloadLink(buyer, clipIds);
  while (!found && Date.now() - started < RENDER_WAIT_MS) {
    await sleep(15_000);
    found = await downloadLink(buyer, clipIds);
  }
  if (!found)
    fail(`no clip of ${clipIds.join(", ")} had a file to download after ${RENDER_WAIT_MS / 1000} s`);
  const redirected = await send(found.link, { headers: { Cookie: buyer } });
  await redirected.arrayBuffer();
  const presigned = redirected.headers.get("location");
  if (redirected.status !== 302 || !presigned) fail(`the download link answered ${redirected.status}`);
  if (!presigned.startsWith(`${S3_PUBLIC}/`))
    fail(`the download was presigned for ${new URL(presigned).origin}, not the public ${S3_PUBLIC}`);
  const whole = await fetch(presigned);
  const bytes = Buffer.from(await whole.arrayBuffer());
  if (whole.status !== 200 || bytes.length < 10_000)
    fail(`the presigned link answered ${whole.status} with ${bytes.length} bytes`);
  const ranged = await fetch(presigned, { headers: { Range: "bytes=100-199" } });
  const part = Buffer.from(await ranged.arrayBuffer());
  if (ranged.status !== 206 || !part.equals(bytes.subarray(100, 200)))
    fail(`a range of the file answered ${ranged.status} with ${part.length} bytes`);
  const tampered = new URL(presigned);
  tampered.searchParams.set("X-Amz-Signature", "0".repeat(64));
  const refused = await fetch(tampered);
  await refused.arrayBuffer();
  if (refused.status !== 403) fail(`a tampered signature answered ${refused.status}`);
  return `order ${orderId.slice(0, 8)} paid; clip ${found.clipId} ${found.variant}: ${(bytes.length / 1024).toFixed(0)} KiB from ${new URL(presigned).host}, range 206, tampered 403`;
}

const CASES = [
  ["home page through the proxy", homePage],
  ["every web replica serves", everyReplicaServes],
  ["one session on every replica", sessionAcrossReplicas],
  // Without workers and the S3 server (scripts/compose-proxy-check.sh) there is nothing to download.
  ...(process.env.SMOKE_SKIP_DOWNLOAD === "1"
    ? []
    : [["licensed download via its presigned link", presignedDownload]]),
];

let failed = false;
for (const [title, run] of CASES) {
  const started = Date.now();
  try {
    const detail = await run();
    console.log(`ok    ${title} (${((Date.now() - started) / 1000).toFixed(1)} s): ${detail}`);
  } catch (error) {
    failed = true;
    console.log(`FAIL  ${title}: ${error instanceof SmokeFailure ? error.message : error}`);
    break;
  }
}
console.log(`${requests} requests through ${BASE}`);
process.exit(failed ? 1 : 0);
