import { config } from "~/platform/config.server";
import { registerOf } from "./vat-confirmation";

/**
 * The two registers that confirm a VAT number: the EU's VIES (REST `check-vat-number`, asked with
 * the seller's own number as the requester so it answers a consultation number) and HMRC's "Check a
 * UK VAT number" for GB numbers. Called only from the check job (vat-check.server.ts), with a
 * timeout: the checkout never waits for a register.
 */

const REGISTER_TIMEOUT_MS = 10_000;

export interface RegisterAnswer {
  status: "confirmed" | "rejected";
  consultationNumber: string | null;
  registeredName: string | null;
  registeredAddress: string | null;
}

/** The register could not answer (network, timeout, 5xx, a member state's service down): asked again later. */
export class VatRegisterUnavailable extends Error {}

/** No URL is configured for the number's register: it cannot be confirmed here. */
export class VatRegisterNotConfigured extends Error {}

/** Asks the number's register (VIES or HMRC) whether a stored VAT number is registered. */
export function askRegister(vatNumber: string): Promise<RegisterAnswer> {
  return registerOf(vatNumber) === "HMRC" ? askHmrc(vatNumber) : askVies(vatNumber);
}

const joinUrl = (base: string, path: string) => new URL(path, base.endsWith("/") ? base : `${base}/`);

async function call(url: URL, init: RequestInit, register: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REGISTER_TIMEOUT_MS) });
  } catch (error) {
    throw new VatRegisterUnavailable(`${register} unreachable: ${(error as Error).message}`);
  }
}

const text = (value: unknown) =>
  typeof value === "string" && value.trim() && value.trim() !== "---" ? value.trim() : null;

async function askVies(vatNumber: string): Promise<RegisterAnswer> {
  const base = config().VIES_URL;
  if (!base) throw new VatRegisterNotConfigured("no VIES_URL");
  const requester = config()
    .SELLER_VAT_ID.replace(/[\s.-]/g, "")
    .toUpperCase();
  const body = {
    countryCode: vatNumber.slice(0, 2),
    vatNumber: vatNumber.slice(2),
    requesterMemberStateCode: requester.slice(0, 2),
    requesterNumber: requester.slice(2),
  };
  const response = await call(
    joinUrl(base, "check-vat-number"),
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    },
    "VIES",
  );
  if (!response.ok) throw new VatRegisterUnavailable(`VIES answered ${response.status}`);
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (typeof answer?.valid !== "boolean") throw new VatRegisterUnavailable("VIES answered without a verdict");
  return {
    status: answer.valid ? "confirmed" : "rejected",
    consultationNumber: answer.valid ? text(answer.requestIdentifier) : null,
    registeredName: text(answer.name),
    registeredAddress: text(answer.address),
  };
}

interface HmrcLookup {
  target?: { name?: unknown; vatNumber?: unknown; address?: Record<string, unknown> };
  consultationNumber?: unknown;
}

async function askHmrc(vatNumber: string): Promise<RegisterAnswer> {
  const base = config().HMRC_VAT_URL;
  if (!base) throw new VatRegisterNotConfigured("no HMRC_VAT_URL");
  const target = vatNumber.slice(2);
  const requester = config().HMRC_REQUESTER_VRN?.replace(/^GB/, "");
  const path = `organisations/vat/check-vat-number/lookup/${target}${requester ? `/${requester}` : ""}`;
  const response = await call(
    joinUrl(base, path),
    { headers: { Accept: "application/vnd.hmrc.2.0+json" } },
    "HMRC",
  );
  if (response.status === 404) {
    return { status: "rejected", consultationNumber: null, registeredName: null, registeredAddress: null };
  }
  if (!response.ok) throw new VatRegisterUnavailable(`HMRC answered ${response.status}`);
  const answer = (await response.json().catch(() => null)) as HmrcLookup | null;
  if (!answer?.target) throw new VatRegisterUnavailable("HMRC answered without a target");
  const address = answer.target.address ?? {};
  const lines = ["line1", "line2", "line3", "line4", "postcode", "countryCode"]
    .map((key) => text(address[key]))
    .filter(Boolean);
  return {
    status: "confirmed",
    consultationNumber: text(answer.consultationNumber),
    registeredName: text(answer.target.name),
    registeredAddress: lines.length > 0 ? lines.join(", ") : null,
  };
}
