import { type LookupAddress, lookup as systemLookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Webhooks go to the public internet only. A URL's host is checked when the endpoint is saved, but a
 * public name can point at an internal address later (or at once): so the address the connection
 * actually uses is checked when it is made, in the socket's own DNS lookup, leaving no gap between
 * the check and the connect (DNS rebinding). See docs/decisions/0017.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  INTERNAL.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  // IPv4-mapped addresses (::ffff:10.0.0.1) are checked against the IPv4 rules by BlockList itself.
  ["::", 127], // unspecified and loopback
  ["64:ff9b::", 96], // NAT64 of any IPv4, internal ones included
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  INTERNAL.addSubnet(network, prefix, "ipv6");
}

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class InternalAddressError extends Error {
  code = "EINTERNALADDRESS";
}

type Resolve = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: Resolve = (hostname, callback) => systemLookup(hostname, { all: true }, callback);

/** A socket `lookup` that refuses a host when any of its addresses is internal. */
export function publicOnlyLookup(resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const internal = addresses.find((entry) => isInternalAddress(entry.address));
      if (internal || addresses.length === 0) {
        const reason = internal ? `resolves to an internal address (${internal.address})` : "has no address";
        return callback(new InternalAddressError(`${hostname} ${reason}`), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}
