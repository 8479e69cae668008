import { route } from "@react-router/dev/routes";

/** Inside the header and footer. */
export const licensingPages = [
  route("video/:id/download", "licensing/routes/download.tsx"),
  route("license/:licenseId", "licensing/routes/license.tsx"),
];

/** Files, links and webhooks without the page shell. */
export const licensingResources = [
  route("downloads/:licenseId/:variant", "licensing/routes/download-file.ts"),
  route("licenses/:licenseId/certificate.pdf", "licensing/routes/certificate.ts"),
  route("orders/:orderId/invoice.pdf", "licensing/routes/invoice.ts"),
  route("orders/:orderId/credit-note.pdf", "licensing/routes/credit-note.ts"),
];
