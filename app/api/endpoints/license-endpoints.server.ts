import type { SessionUser } from "~/accounts/auth/session.server";
import { findProfile } from "~/accounts/profiles/profiles.server";
import { listDownloadVariants, startDownloadWithoutSession } from "~/licensing/download-access.server";
import { DOWNLOAD_LINK_SECONDS } from "~/licensing/download-link.server";
import { certificateFor, getBuyerLibrary } from "~/licensing/library.server";
import { licensePath } from "~/licensing/license-id";
import { isLocale } from "~/platform/i18n/locales";
import { defineEndpoint, type EndpointCaller } from "./endpoint";
import { API_BASE } from "./http.server";
import { absolute } from "./present.server";
import { API_DETAILS } from "./problems";
import { ClipParams, LicenseBody, LicenseGrant, LicenseList, LicenseParams } from "./schemas";

/** Endpoints with a scope always have a caller; the dispatcher refuses them before otherwise. */
const owner = (caller: EndpointCaller | null) => caller!;

/**
 * Where an API client gets a license's certificate: under /api/v1, with its key, because the
 * site's own certificate link needs a browser session and would send a program to the log-in page.
 */
export const apiCertificatePath = (licenseId: string) => `${API_BASE}/licenses/${licenseId}/certificate.pdf`;

/**
 * The key's owner as licensing's services know a signed-in person, so the API hands out a
 * certificate under the same rule as the site: only to its licensee.
 */
async function keyOwnerAsUser(userId: string): Promise<SessionUser | null> {
  const profile = await findProfile(userId);
  if (!profile) return null;
  const { id, email, username, fullName, avatarUrl, role, themePreference } = profile;
  const language = isLocale(profile.language) ? profile.language : null;
  return { id, email: email ?? "", username, fullName, avatarUrl, role, themePreference, language };
}

const license = defineEndpoint({
  method: "POST",
  path: "/clips/{id}/license",
  operationId: "licenseClip",
  tag: "Licenses",
  summary: "License a clip",
  description:
    "Licenses the clip to the key owner exactly as the Download button does: one download of the owner's plan is spent (the one that expires first), atomically; licensing a clip licensed before spends nothing and answers the same license (`created: false`, status 200). Send `{}` for the largest file the clip offers, or a `variant` from the clip's `files` (GET /clips/{id}): not every clip has every variant. The answer has the license id, its certificate (fetch it with the same key), and a download link that works without a session for 10 minutes.",
  auth: "license",
  params: ClipParams,
  body: LicenseBody,
  response: LicenseGrant,
  successStatus: 201,
  problems: ["bad-request", "not-found", "no-downloads-left", "unsupported-media-type"],
  async run({ caller, params, body, origin }) {
    const { userId, name, email } = owner(caller);
    const variants = await listDownloadVariants(params.id);
    if (!variants?.length) return { problem: "not-found", detail: API_DETAILS.clipNotFound };
    const variant = body?.variant ?? variants[0]!.variant;
    const now = new Date();
    const started = await startDownloadWithoutSession({
      licensee: { userId, name, email },
      clipId: params.id,
      variant,
      now,
    });
    if (!started.ok) {
      if (started.reason === "no_entitlement")
        return { problem: "no-downloads-left", detail: API_DETAILS.licenseNeedsPlan };
      if (started.reason === "no_such_file")
        return { problem: "bad-request", detail: API_DETAILS.fileNotOffered };
      return { problem: "not-found", detail: API_DETAILS.clipNotFound };
    }
    const { license: made, created, url } = started.value;
    return {
      status: created ? 201 : 200,
      body: {
        license_id: made.id,
        clip_id: params.id,
        created,
        certificate_url: absolute(origin, apiCertificatePath(made.id)),
        verify_url: absolute(origin, licensePath(made.id)),
        download_url: absolute(origin, url),
        download_expires_at: new Date(now.getTime() + DOWNLOAD_LINK_SECONDS * 1000).toISOString(),
      },
    };
  },
});

const licenses = defineEndpoint({
  method: "GET",
  path: "/licenses",
  operationId: "listLicenses",
  tag: "Licenses",
  summary: "Your licenses",
  description: "The key owner's licenses, newest first. Another account's licenses are never listed.",
  auth: "read",
  response: LicenseList,
  problems: [],
  async run({ caller, origin }) {
    const library = await getBuyerLibrary(owner(caller).userId);
    return {
      body: {
        licenses: library.downloads.map((item) => ({
          license_id: item.licenseId,
          clip_id: item.clipId,
          clip_title: item.clipTitle,
          creator_name: item.creatorName,
          license: item.licenseLabel,
          licensed_at: item.licensedAt,
          certificate_url: absolute(origin, apiCertificatePath(item.licenseId)),
          verify_url: absolute(origin, item.verifyUrl),
        })),
      },
    };
  },
});

const certificate = defineEndpoint({
  method: "GET",
  path: "/licenses/{license_id}/certificate.pdf",
  operationId: "getLicenseCertificate",
  tag: "Licenses",
  summary: "A license's certificate (PDF)",
  description:
    "The license certificate as a PDF: the `certificate_url` of license answers. Send the same `Authorization: Bearer` key; a key with the `read` or the `license` scope will do. Only the key owner's own licenses: any other id answers 404, as if it did not exist.",
  auth: ["read", "license"],
  params: LicenseParams,
  produces: "application/pdf",
  problems: ["bad-request", "not-found"],
  async run({ caller, params }) {
    const user = await keyOwnerAsUser(owner(caller).userId);
    const pdf = user ? await certificateFor(user, params.license_id) : null;
    if (!pdf) return { problem: "not-found", detail: API_DETAILS.licenseNotFound };
    return { file: { bytes: pdf, fileName: `verdeo-license-${params.license_id}.pdf` } };
  },
});

export const LICENSE_ENDPOINTS = [license, licenses, certificate];
