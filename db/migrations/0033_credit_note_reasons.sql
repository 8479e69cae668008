-- A part refund made by the team states its reason on its credit note (docs/decisions/0024).
ALTER TABLE "credit_notes" ADD COLUMN "reason" text;