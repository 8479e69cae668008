/**
 * A DNS server that knows one name, as a container network's resolver does for a scaled service:
 * `web` answers with one A record per address in WEB_ADDRESSES (5 s TTL); any other name NXDOMAIN.
 *
 *   WEB_ADDRESSES=127.0.0.2,127.0.0.3,127.0.0.4 DNS_PORT=5353 node scripts/compose-proxy/dns.mjs
 */
import dgram from "node:dgram";

const addresses = (process.env.WEB_ADDRESSES ?? "127.0.0.2,127.0.0.3,127.0.0.4").split(",");
const port = Number(process.env.DNS_PORT ?? 5353);
const server = dgram.createSocket("udp4");

server.on("message", (query, client) => {
  let offset = 12;
  const labels = [];
  while (offset < query.length && query[offset] !== 0) {
    labels.push(query.subarray(offset + 1, offset + 1 + query[offset]).toString());
    offset += query[offset] + 1;
  }
  const questionEnd = offset + 5;
  const isA = query.readUInt16BE(offset + 1) === 1;
  const known = labels.join(".").toLowerCase() === "web";
  const answers = known && isA ? addresses : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  // A response to a recursive query; NXDOMAIN (3) for a name it does not know.
  header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const records = answers.map((address) => {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(1, 2); // A
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(5, 6); // TTL
    record.writeUInt16BE(4, 10);
    Buffer.from(address.split(".").map(Number)).copy(record, 12);
    return record;
  });
  server.send(
    Buffer.concat([header, query.subarray(12, questionEnd), ...records]),
    client.port,
    client.address,
  );
});
server.bind(port, "127.0.0.1", () => console.log(`web -> ${addresses.join(", ")} on 127.0.0.1:${port}`));
