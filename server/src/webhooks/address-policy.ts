import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config';

/** IPv6 global unicast (RFC 4291): every other IPv6 address is refused, known to ipaddr.js or not. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/**
 * The special-purpose blocks inside 2000::/3 (IANA registry), named here as well as by ipaddr.js:
 * IETF protocol assignments (Teredo, benchmarking, AMT, ORCHID among them), documentation, and
 * 6to4, whose address is an IPv4 address reached through a relay (refused whatever that IPv4 is:
 * deprecated by RFC 7526, no receiver needs it).
 */
const SPECIAL_IN_GLOBAL = ['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** An IPv6 address in the URL standard's form (hex only, shortest), or undefined (a zone id, say). */
function canonicalIPv6(address: string): string | undefined {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/**
 * Only public unicast addresses (HOOK-05). IPv4: loopback, private, link-local, CGNAT, multicast,
 * unspecified and reserved are not. IPv6: only global unicast outside its special blocks, so that
 * no spelling of an embedded IPv4 address passes (`::127.0.0.1` is `::7f00:1`, which ipaddr.js
 * calls unicast; NAT64, SIIT, 6to4 and Teredo likewise). The one exception is an IPv4-mapped
 * address (`::ffff:a.b.c.d`), which the socket reaches as its IPv4 address: judged as that.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  // ipaddr.js reads `::8.8.8.8` as IPv4-mapped; the URL parser writes it as the socket reaches it, `::808:808`.
  const canonical = canonicalIPv6(address);
  if (canonical === undefined) return false;
  const ipv6 = ipaddr.IPv6.parse(canonical);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().range() === 'unicast';
  return ipv6.match(GLOBAL_UNICAST) && !SPECIAL_IN_GLOBAL.some((block) => ipv6.match(block)) && ipv6.range() === 'unicast';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  readonly code = 'EWEBHOOKREFUSED';
}

/** A URL's host name without the brackets of an IPv6 literal, in lower case. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * Where webhooks may go (HOOK-05). Outside demo mode a host whose addresses are not all public is
 * refused, unless WEBHOOK_ALLOWED_HOSTS names it: when an endpoint is saved (`check`) and again on
 * every connection (`lookup`, the address actually connected to, so that a name that resolved to
 * a public address at saving and to a private one later is refused all the same).
 */
export function addressPolicy(config: Pick<Config, 'mode' | 'webhookAllowedHosts'>) {
  const exempt = (host: string): boolean => config.mode === 'demo' || config.webhookAllowedHosts.includes(host);
  const refusal = (host: string, address: string) =>
    new RefusedAddressError(`${host} resolves to ${address}, which is not a public address`);

  /** Why the URL is refused, or undefined. A name that does not resolve now is not refused: delivery will say. */
  async function check(url: URL): Promise<string | undefined> {
    const host = hostOf(url);
    if (exempt(host)) return undefined;
    if (isIP(host)) return isPublicAddress(host) ? undefined : refusal(host, host).message;
    const addresses = await new Promise<LookupAddress[]>((done) => {
      dnsLookup(host, { all: true }, (error, found) => done(error ? [] : found));
    });
    const bad = addresses.find((found) => !isPublicAddress(found.address));
    return bad ? refusal(host, bad.address).message : undefined;
  }

  /** For http.request's `lookup`: resolves, then refuses a private address (IP literals: `refusesLiteral`). */
  function lookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, []);
      const host = hostname.toLowerCase();
      const bad = exempt(host) ? undefined : found.find((entry) => !isPublicAddress(entry.address));
      if (bad) return callback(refusal(host, bad.address), []);
      if (options.all) return callback(null, found);
      const [first] = found;
      return first
        ? callback(null, first.address, first.family)
        : callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), []);
    });
  }

  /** Node connects to an IP literal without calling `lookup`: those are checked before the request. */
  function refusesLiteral(url: URL): RefusedAddressError | undefined {
    const host = hostOf(url);
    return isIP(host) && !exempt(host) && !isPublicAddress(host) ? refusal(host, host) : undefined;
  }

  return { check, lookup, refusesLiteral };
}
export type AddressPolicy = ReturnType<typeof addressPolicy>;
