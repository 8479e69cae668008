import { describe, expect, it } from "vitest";
import { saveLanguage } from "~/accounts/profiles/profile-language.server";
import { licenseClip } from "~/licensing/downloads.server";
import { certificatePath } from "~/licensing/library.server";
import { LICENSE_TERMS } from "~/licensing/license-terms";
import { loader as certificateLoader } from "~/licensing/routes/certificate";
import { createAccount, sessionCookie } from "../factories/accounts";
import { createClip, createProfile } from "../factories/catalog";
import { routeArgs } from "../factories/commerce";
import { createPaidOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { pdfLayoutText } from "../support/pdf-text";

useTestDatabase();

/** A buyer who licensed a clip, and their session. */
async function licensedBuyer() {
  const creator = await createProfile({ fullName: "Maya Lindqvist" });
  const clipId = await createClip({ userId: creator!.id, title: "Northern Lights Over Fjord" });
  const buyer = await createAccount();
  await createPaidOrder({ userId: buyer.id, email: buyer.email, downloads: 10, company: "Acme Films" });
  const licensed = await licenseClip({
    licensee: { userId: buyer.id, name: "Test Person", email: buyer.email },
    clipId: clipId!,
  });
  if (!licensed.ok) throw new Error(licensed.reason);
  return {
    buyer,
    clipId: clipId!,
    license: licensed.value.license,
    cookie: await sessionCookie(buyer.email),
  };
}

/** The certificate as the route answers it to a reader with this cookie and these headers, as text. */
async function certificateText(licenseId: string, headers: Record<string, string>) {
  const request = new Request(`http://localhost${certificatePath(licenseId)}`, { headers });
  const response = (await certificateLoader({
    ...routeArgs(request),
    params: { licenseId },
  } as never)) as Response;
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  return pdfLayoutText(await response.arrayBuffer()).replace(/\s+/g, " ");
}

describe("license certificates in the reader's language", () => {
  it("a reader whose stored language is French gets French headings, the licensing page's French terms and the note that English binds", async () => {
    const { buyer, license, clipId, cookie } = await licensedBuyer();
    await saveLanguage(buyer.id, "fr");
    const text = await certificateText(license.id, { Cookie: cookie });
    for (const expected of [
      "Certificat de licence",
      "TITULAIRE DE LA LICENCE",
      `Northern Lights Over Fjord (clip n° ${clipId})`,
      "Licence standard",
      "Vous pouvez",
      "La publier sur les réseaux sociaux",
      "Vous ne pouvez pas",
      "Les conditions de licence sont rédigées en anglais ; seule la version anglaise fait foi.",
      `Vérifiez cette licence sur http://localhost:3000/license/${license.id}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(LICENSE_TERMS.standard.allowed[0]);
  });

  it("a reader without a stored language whose browser asks for Japanese gets the Japanese certificate", async () => {
    const { license, cookie } = await licensedBuyer();
    const text = await certificateText(license.id, { Cookie: cookie, "Accept-Language": "ja-JP,ja;q=0.9" });
    for (const expected of [
      "ライセンス証明書",
      "できること",
      "できないこと",
      "日付",
      "注文",
      `このライセンスは http://localhost:3000/license/${license.id} で確認できます`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("an English reader's certificate has no translation note", async () => {
    const { license, cookie } = await licensedBuyer();
    const text = await certificateText(license.id, { Cookie: cookie, "Accept-Language": "en-GB" });
    expect(text).toContain("License Certificate");
    expect(text).toContain(LICENSE_TERMS.standard.notAllowed[2]);
    expect(text).toContain(`Verify this license at http://localhost:3000/license/${license.id}`);
    expect(text).not.toContain("binding");
  });
});
