import { readFile } from "node:fs/promises";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

/**
 * The EPC's SEPA Credit Transfer customer-to-bank schema for pain.001.001.09 (EPC132-08, 2023 v1.0):
 * the ISO 20022 message as European banks accept it, stricter than the bare ISO schema.
 */
export const PAIN001_XSD = path.join(import.meta.dirname, "../fixtures/pain.001.001.09.xsd");

/** Validates `xml` against an XSD offline (libxml2's xmllint compiled to WebAssembly); answers the errors. */
export async function xsdErrors(xml: string, xsdPath = PAIN001_XSD): Promise<string[]> {
  const schema = await readFile(xsdPath, "utf8");
  const result = await validateXML({
    xml: [{ fileName: "file.xml", contents: xml }],
    schema: [{ fileName: path.basename(xsdPath), contents: schema }],
  });
  if (result.valid) return [];
  const errors = result.errors.map((error) => error.message || error.rawMessage);
  return errors.length > 0 ? errors : [result.rawOutput || "invalid"];
}
