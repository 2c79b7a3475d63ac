import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../config';

/**
 * Only public unicast addresses: loopback, private, link-local, unique-local, CGNAT, multicast,
 * unspecified, reserved and the IPv6 ranges that embed an IPv4 address are not (an IPv4-mapped
 * IPv6 address is judged as its IPv4 address).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
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
