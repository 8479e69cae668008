import { describe, expect, it } from "vitest";
import { registerProfileLibrary } from "~/catalog/profile/profile-library-source.server";
import { loader as profileLoader } from "~/catalog/routes/profile";
import { invoicePath } from "~/commerce/orders/order-id";
import { licenseClip } from "~/licensing/downloads.server";
import { buyerProfileLibrary, certificatePath } from "~/licensing/library.server";
import { LICENSE_TERMS } from "~/licensing/license-terms";
import { loader as certificateLoader } from "~/licensing/routes/certificate";
import { loader as invoiceLoader } from "~/licensing/routes/invoice";
import { LICENSE_UNKNOWN, LICENSE_VALID, loader as licenseLoader } from "~/licensing/routes/license";
import { createAccount, sessionCookie } from "../factories/accounts";
import { createClip, createProfile } from "../factories/catalog";
import { routeArgs, settle } from "../factories/commerce";
import { createPaidOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { pdfLayoutText } from "../support/pdf-text";

useTestDatabase();
registerProfileLibrary(buyerProfileLibrary);

function get(url: string, cookie: string | null) {
  return new Request(new URL(url, "http://localhost"), { headers: cookie ? { Cookie: cookie } : {} });
}

async function licensedBuyer() {
  const creator = await createProfile({ fullName: "Maya Lindqvist" });
  const clipId = await createClip({ userId: creator!.id, title: "Northern Lights Over Fjord" });
  const buyer = await createAccount();
  const paid = await createPaidOrder({
    userId: buyer.id,
    email: buyer.email,
    downloads: 10,
    company: "Acme Films",
  });
  const licensed = await licenseClip({
    licensee: { userId: buyer.id, name: "Test Person", email: buyer.email },
    clipId: clipId!,
  });
  if (!licensed.ok) throw new Error(licensed.reason);
  return { buyer, paid, license: licensed.value.license, cookie: await sessionCookie(buyer.email) };
}

describe("license certificates", () => {
  it("name the licensee's company, the clip, its creator and the license's allowed and forbidden uses", async () => {
    const { license, cookie } = await licensedBuyer();
    const response = (await certificateLoader({
      ...routeArgs(get(certificatePath(license.id), cookie)),
      params: { licenseId: license.id },
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const text = pdfLayoutText(await response.arrayBuffer());
    for (const expected of [
      license.id,
      "Acme Films",
      "Northern Lights Over Fjord",
      "Maya Lindqvist",
      LICENSE_TERMS.standard.name,
      LICENSE_TERMS.standard.allowed[0],
      LICENSE_TERMS.standard.notAllowed[0],
      `/license/${license.id}`,
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(expected);
    }
  });

  it("another user cannot read someone's certificate, invoice or orders", async () => {
    const { buyer, license, paid } = await licensedBuyer();
    const intruder = await createAccount();
    const cookie = await sessionCookie(intruder.email);
    const certificate = (await certificateLoader({
      ...routeArgs(get(certificatePath(license.id), cookie)),
      params: { licenseId: license.id },
    } as never)) as Response;
    expect(certificate.status).toBe(404);
    const invoice = (await invoiceLoader({
      ...routeArgs(get(invoicePath(paid.order.id), cookie)),
      params: { orderId: paid.order.id },
    } as never)) as Response;
    expect(invoice.status).toBe(404);
    // The profile renders only the session's own orders and downloads, whatever id the URL names.
    const profile = (url: string, params: { userId?: string }) =>
      profileLoader({ ...routeArgs(get(url, cookie)), params } as never);
    const own = await profile("/profile?tab=orders", {});
    expect(own.ordersTab).toMatchObject({ orders: [], plans: [] });
    expect((await profile("/profile?tab=downloads", {})).downloadsTab).toEqual({ downloads: [] });
    const theirs = await profile(`/profile/${buyer.id}?tab=orders`, { userId: buyer.id });
    expect(theirs).toMatchObject({ tab: "uploads", ordersTab: null, downloadsTab: null });
  });
});

describe("invoices", () => {
  it("carry the sequential number, seller, buyer, VAT 19% and the total", async () => {
    const { paid, cookie } = await licensedBuyer();
    const response = (await invoiceLoader({
      ...routeArgs(get(invoicePath(paid.order.id), cookie)),
      params: { orderId: paid.order.id },
    } as never)) as Response;
    expect(response.status).toBe(200);
    const text = pdfLayoutText(await response.arrayBuffer()).replace(/\s+/g, " ");
    expect(text).toContain(`-${String(paid.invoiceNumber).padStart(6, "0")}`);
    expect(text).toContain("Verdeo Ltd");
    expect(text).toContain("Acme Films");
    expect(text).toContain("VAT 19%");
    expect(text).toContain("€105.91");
  });
});

describe("the public verification page", () => {
  it("says valid with the clip, license kind and date, and never the licensee's email", async () => {
    const { license, buyer } = await licensedBuyer();
    const result = await settle<{ license: Record<string, unknown> }>(() =>
      licenseLoader({
        ...routeArgs(get(`/license/${license.id}`, null)),
        params: { licenseId: license.id },
      } as never),
    );
    expect(result.status).toBe(200);
    expect(result.data?.license).toMatchObject({
      clipTitle: "Northern Lights Over Fjord",
      licenseKind: "standard",
    });
    expect(JSON.stringify(result.data)).not.toContain(buyer.email);
    expect(LICENSE_VALID).toBe("Valid license");
  });

  it("answers 'No such license' for an unknown or malformed id", async () => {
    for (const id of ["VL-0000-0000-0000", "nonsense", "VL-' or 1=1"]) {
      const result = await settle<{ license: unknown }>(() =>
        licenseLoader({ ...routeArgs(get("/license/x", null)), params: { licenseId: id } } as never),
      );
      expect(result.status).toBe(404);
      expect(result.data?.license).toBeNull();
    }
    expect(LICENSE_UNKNOWN).toBe("No such license");
  });
});
