import { z } from "zod";
import { can } from "~/accounts/people/permissions";
import { requireUser } from "~/accounts/routes/require-user.server";
import { readerLocale } from "~/platform/i18n/negotiate";
import { notFound, pdfResponse } from "~/platform/pdf/response";
import { csvResponse } from "~/platform/text/csv";
import { StatementFileSchema } from "../statements/statements";
import { statementFile } from "../statements/statements.server";
import type { Route } from "./+types/statement-file";

const CreatorIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/);

/**
 * A monthly statement as PDF or CSV (/studio/statements/2026-11.pdf), rendered from the ledger: a
 * creator's own; staff who manage creators may read anyone's with ?creator=<id>. Anything else: 404.
 * The PDF is in its reader's language (stored, else cookie, else browser); the CSV is English.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const file = StatementFileSchema.safeParse(params.file);
  if (!file.success) return notFound();
  const asked = new URL(request.url).searchParams.get("creator");
  let creatorId = user.id;
  if (asked !== null) {
    const id = CreatorIdSchema.safeParse(asked);
    if (!id.success || !can(user.role, "staff:manage-creators")) return notFound();
    creatorId = id.data;
  }
  const result = await statementFile(
    creatorId,
    file.data.period,
    file.data.format,
    readerLocale(request, user.language),
  );
  if (!result.ok) return notFound();
  const { body, fileName } = result.value;
  if (typeof body !== "string") return pdfResponse(body, fileName);
  return csvResponse(body, fileName);
}
