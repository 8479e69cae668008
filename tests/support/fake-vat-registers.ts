import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the EU's VIES REST service and HMRC's "Check a UK VAT number" API, for
 * integration and browser tests (VIES_URL is `<url>/vies`, HMRC_VAT_URL is `<url>/hmrc`). Each
 * number gets the answer set for it with `answer`, else one read from the number itself, so a
 * browser test (whose server runs in another process) can choose by the number it types:
 * digits with "000000" are unknown, with "999999" the register is down (503), with "777777" it
 * answers only after 15 s (longer than the app's timeout); any other number is valid, with a
 * consultation number derived from it.
 */

export type RegisterBehaviour = "valid" | "invalid" | "down" | "slow";

export interface FakeVatRegisters {
  url: string;
  viesUrl: string;
  hmrcUrl: string;
  /** Sets how one number (with its prefix, e.g. DE123456789) is answered from now on. */
  answer(vatNumber: string, behaviour: RegisterBehaviour): void;
  /** Each request as asked: the register, the number, and the requester sent with it. */
  asked: { register: "VIES" | "HMRC"; vatNumber: string; requester: string | null }[];
  consultationNumberOf(vatNumber: string): string;
  close(): Promise<void>;
}

const SLOW_MS = 15_000;

export function behaviourOf(
  vatNumber: string,
  set: ReadonlyMap<string, RegisterBehaviour>,
): RegisterBehaviour {
  const chosen = set.get(vatNumber);
  if (chosen) return chosen;
  if (vatNumber.includes("000000")) return "invalid";
  if (vatNumber.includes("999999")) return "down";
  if (vatNumber.includes("777777")) return "slow";
  return "valid";
}

export const fakeConsultationNumber = (vatNumber: string) =>
  vatNumber.startsWith("GB") ? `HMRC-${vatNumber.slice(2)}` : `WAPI${vatNumber}`;

export async function startFakeVatRegisters(): Promise<FakeVatRegisters> {
  const set = new Map<string, RegisterBehaviour>();
  const asked: FakeVatRegisters["asked"] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const reply = (status: number, json: unknown) => {
        if (response.writableEnded || response.destroyed) return;
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(json));
      };
      const url = new URL(request.url ?? "/", "http://fake");
      let vatNumber: string;
      let register: "VIES" | "HMRC";
      if (request.method === "POST" && url.pathname === "/vies/check-vat-number") {
        const asked = JSON.parse(body || "{}") as Record<string, string>;
        register = "VIES";
        vatNumber = `${asked.countryCode ?? ""}${asked.vatNumber ?? ""}`;
        const requester = asked.requesterNumber
          ? `${asked.requesterMemberStateCode}${asked.requesterNumber}`
          : null;
        record(register, vatNumber, requester);
      } else {
        const hmrc = url.pathname.match(
          /^\/hmrc\/organisations\/vat\/check-vat-number\/lookup\/(\d+)(?:\/(\d+))?$/,
        );
        if (request.method !== "GET" || !hmrc) return reply(404, { code: "MATCHING_RESOURCE_NOT_FOUND" });
        register = "HMRC";
        vatNumber = `GB${hmrc[1]}`;
        record(register, vatNumber, hmrc[2] ?? null);
      }
      const behaviour = behaviourOf(vatNumber, set);
      if (behaviour === "down")
        return reply(
          503,
          register === "VIES" ? { errorWrappers: [{ error: "MS_UNAVAILABLE" }] } : { code: "SERVER_ERROR" },
        );
      const answer = () => {
        if (register === "HMRC") {
          if (behaviour === "invalid")
            return reply(404, { code: "NOT_FOUND", reason: "targetVrn does not match a registered company" });
          return reply(200, {
            target: {
              name: "Thames Pictures Ltd",
              vatNumber: vatNumber.slice(2),
              address: { line1: "1 Bankside", postcode: "SE1 9TG", countryCode: "GB" },
            },
            processingDate: new Date().toISOString(),
            consultationNumber: fakeConsultationNumber(vatNumber),
          });
        }
        const valid = behaviour !== "invalid";
        return reply(200, {
          countryCode: vatNumber.slice(0, 2),
          vatNumber: vatNumber.slice(2),
          requestDate: new Date().toISOString(),
          valid,
          requestIdentifier: valid ? fakeConsultationNumber(vatNumber) : "",
          name: valid ? "Nordlicht Film GmbH" : "---",
          address: valid ? "Hafenstraße 1, 20457 Hamburg" : "---",
        });
      };
      if (behaviour === "slow") setTimeout(answer, SLOW_MS).unref();
      else answer();
    });
  });
  function record(register: "VIES" | "HMRC", vatNumber: string, requester: string | null) {
    asked.push({ register, vatNumber, requester });
  }
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    viesUrl: `${url}/vies`,
    hmrcUrl: `${url}/hmrc`,
    answer: (vatNumber, behaviour) => {
      set.set(vatNumber, behaviour);
    },
    asked,
    consultationNumberOf: fakeConsultationNumber,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
