import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// The gatherer registers every domain's Stripe handlers into the gateway's table, as the app does.
import "~/jobs.server";
import { STRIPE_ENDPOINTS, type StripeEndpoint, stripeEventTypes } from "./stripe-gateway.server";

/**
 * The event lists operators subscribe each endpoint to (docs/deploy.md, the README) are the
 * gateway's handler table: a listed event nobody handles, or a handled one not listed, fails here.
 * Each list sits between `<!-- stripe-events:<endpoint> -->` and `<!-- /stripe-events -->`.
 */
function listedEvents(file: string, endpoint: StripeEndpoint): string[] {
  const text = readFileSync(file, "utf8");
  const sections = [
    ...text.matchAll(
      new RegExp(`<!-- stripe-events:${endpoint} -->([\\s\\S]*?)<!-- /stripe-events -->`, "g"),
    ),
  ];
  expect(sections, `${file} lists the ${endpoint} endpoint's events once`).toHaveLength(1);
  const names = [...sections[0]![1]!.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((match) => match[1]!);
  return [...new Set(names)].sort();
}

describe("the Stripe events in the docs", () => {
  it("both endpoints have handlers", () => {
    for (const endpoint of STRIPE_ENDPOINTS) expect(stripeEventTypes(endpoint).length).toBeGreaterThan(0);
    expect(stripeEventTypes("connect")).toContain("account.updated");
  });

  for (const file of ["docs/deploy.md", "README.md"])
    for (const endpoint of STRIPE_ENDPOINTS)
      it(`${file} lists exactly the ${endpoint} endpoint's handled events`, () => {
        expect(listedEvents(file, endpoint)).toEqual(stripeEventTypes(endpoint));
      });
});
