import { createAccount } from "../../factories/accounts";
import type { ClusterCase } from "../cases";
import { cookiesOf, form, send, type Tally } from "../traffic";

/** Whether a cookie is signed in on a node: /profile answers the page, not a redirect to /login. */
async function signedInAt(tally: Tally, url: string, cookie: string) {
  const response = await send(tally, `${url}/profile`, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  return response.status === 200;
}

/** Signs in through `url` with the sign-in form; resolves with the session's Cookie header. */
export async function signIn(tally: Tally, url: string, email: string, password: string) {
  const response = await send(tally, `${url}/login`, form({ intent: "password", email, password }));
  await response.arrayBuffer();
  const cookie = cookiesOf(response);
  if (response.status !== 302 || !cookie.includes("session_token"))
    throw new Error(`signing in at ${url} answered ${response.status} without a session`);
  return cookie;
}

export const accountCases: ClusterCase[] = [
  {
    id: "sessions",
    title: "Sign in on one node, use the session on the others, sign out everywhere",
    async run(cluster, tally) {
      const person = await createAccount();
      const [first, second, third] = cluster.web;
      const signedIn = await send(tally, `${first!.url}/login`, {
        ...form({ intent: "password", email: person.email, password: person.password }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.20.0.1" },
      });
      await signedIn.arrayBuffer();
      const cookie = cookiesOf(signedIn);
      if (signedIn.status !== 302 || !cookie.includes("session_token"))
        throw new Error(`signing in on ${first!.name} answered ${signedIn.status} without a session`);
      for (const node of cluster.web)
        if (!(await signedInAt(tally, node.url, cookie)))
          throw new Error(`${node.name} does not know the session`);
      const signedOut = await send(tally, `${second!.url}/logout`, {
        method: "POST",
        headers: { Cookie: cookie },
      });
      await signedOut.arrayBuffer();
      for (const node of [first!, third!, second!])
        if (await signedInAt(tally, node.url, cookie))
          throw new Error(`${node.name} still accepts the session signed out on ${second!.name}`);
      return `signed in on ${first!.name}; ${cluster.web.length} nodes knew the session; signed out on ${second!.name}, refused by all`;
    },
  },
  {
    id: "rate-limit",
    title: "A rate limit counts across nodes",
    async run(cluster, tally) {
      const person = await createAccount();
      // Ten failed sign-ins to one account in five minutes, from addresses of their own: the
      // eleventh attempt is refused even with the right password, whichever node counts it.
      const attempt = async (n: number, password: string) => {
        const node = cluster.web[n % cluster.web.length]!;
        const response = await send(tally, `${node.url}/login`, {
          ...form({ intent: "password", email: person.email, password }),
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": `10.21.0.${n + 1}`,
          },
        });
        await response.arrayBuffer();
        return response.status;
      };
      const failures: number[] = [];
      for (let n = 0; n < 10; n++) failures.push(await attempt(n, "not-the-password"));
      if (failures.some((status) => status !== 401))
        throw new Error(`wrong passwords answered ${failures.join(", ")}`);
      const statuses = [];
      for (let n = 10; n < 13; n++) statuses.push(await attempt(n, person.password));
      if (statuses.some((status) => status !== 429))
        throw new Error(
          `after 10 failures spread over 3 nodes the right password answered ${statuses.join(", ")}`,
        );
      return "10 failures spread over 3 nodes; the right password then refused (429) on every node";
    },
  },
];
