import { create } from "xmlbuilder2";

/**
 * A SEPA credit-transfer initiation (ISO 20022 pain.001.001.09, as the EPC's SCT customer-to-bank
 * guidelines restrict it): one payment block from the seller's account, one credit transfer per
 * payout. Amounts are euros with two decimals, written from integer cents without floats.
 */

export const PAIN001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

export interface Pain001Transfer {
  /** Max 35 characters: the payout id without its dashes. */
  endToEndId: string;
  amountCents: number;
  creditor: { name: string; iban: string; bic: string | null };
}

export interface Pain001Input {
  /** Max 35 characters; the same run gives the same id, so a bank refuses a file sent twice. */
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  executionDate: string;
  debtor: { name: string; iban: string; bic: string };
  /** What the creditor's statement says (max 140). */
  remittance: string;
  transfers: Pain001Transfer[];
}

/** Cents as the file writes euros: 123456 → "1234.56". */
export function eurosText(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount of cents: ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Letters the SEPA character set has no room for, spelled in the ones it has. */
const SPELLED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
  œ: "oe",
  Œ: "OE",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  þ: "th",
  Þ: "Th",
  "&": "+",
};

/**
 * Text in the SEPA (EPC) character set: Latin letters, digits, space and / - ? : ( ) . , ' +.
 * Accents are dropped ("Zoë" → "Zoe"); other characters become spaces; `max` bounds the length.
 */
export function sepaText(text: string, max: number, fallback = "Verdeo creator"): string {
  const latin = [...text.normalize("NFD").replace(/\p{M}/gu, "")]
    .map((char) => SPELLED[char] ?? char)
    .join("");
  const clean = latin
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
  return clean.length > 0 ? clean : fallback.slice(0, max);
}

export const compactIban = (iban: string) => iban.replace(/\s+/g, "").toUpperCase();

export function buildPain001(input: Pain001Input): string {
  const total = input.transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0);
  const count = String(input.transfers.length);
  const debtorName = sepaText(input.debtor.name, 70, "Verdeo");
  const document = create({ version: "1.0", encoding: "UTF-8" }).ele(PAIN001_NAMESPACE, "Document");
  const initiation = document.ele("CstmrCdtTrfInitn");
  const header = initiation.ele("GrpHdr");
  header.ele("MsgId").txt(input.messageId);
  header.ele("CreDtTm").txt(input.createdAt.toISOString().slice(0, 19));
  header.ele("NbOfTxs").txt(count);
  header.ele("CtrlSum").txt(eurosText(total));
  header.ele("InitgPty").ele("Nm").txt(debtorName);

  const payment = initiation.ele("PmtInf");
  payment.ele("PmtInfId").txt(input.messageId);
  payment.ele("PmtMtd").txt("TRF");
  payment.ele("BtchBookg").txt("false");
  payment.ele("NbOfTxs").txt(count);
  payment.ele("CtrlSum").txt(eurosText(total));
  payment.ele("PmtTpInf").ele("SvcLvl").ele("Cd").txt("SEPA");
  payment.ele("ReqdExctnDt").ele("Dt").txt(input.executionDate);
  payment.ele("Dbtr").ele("Nm").txt(debtorName);
  payment.ele("DbtrAcct").ele("Id").ele("IBAN").txt(compactIban(input.debtor.iban));
  payment.ele("DbtrAgt").ele("FinInstnId").ele("BICFI").txt(input.debtor.bic.toUpperCase());
  payment.ele("ChrgBr").txt("SLEV");
  for (const transfer of input.transfers) {
    const tx = payment.ele("CdtTrfTxInf");
    tx.ele("PmtId").ele("EndToEndId").txt(transfer.endToEndId);
    tx.ele("Amt").ele("InstdAmt", { Ccy: "EUR" }).txt(eurosText(transfer.amountCents));
    if (transfer.creditor.bic)
      tx.ele("CdtrAgt").ele("FinInstnId").ele("BICFI").txt(transfer.creditor.bic.toUpperCase());
    tx.ele("Cdtr").ele("Nm").txt(sepaText(transfer.creditor.name, 70));
    tx.ele("CdtrAcct").ele("Id").ele("IBAN").txt(compactIban(transfer.creditor.iban));
    tx.ele("RmtInf")
      .ele("Ustrd")
      .txt(sepaText(input.remittance, 140, "Verdeo royalties"));
  }
  return document.end({ prettyPrint: true });
}
