import { centsOf, centsToNumber } from './money';

/**
 * A formatter made at its first use: a page's first one loads the browser's locale data, which
 * costs a slow phone's main thread a fifth of a second (the payer pages load this module before
 * they are usable, and make none).
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** One way to show money, counts and dates everywhere (USD, en-US). */
const usd = lazily(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/**
 * A number of dollars as Intl's en-US USD format writes it ("$1,234.50", "-$2.50"), made without
 * Intl for finite amounts below 10^21: the payer pages show an amount in their first render, and a
 * page's first Intl formatter loads the browser's locale data, about 0.2 s of a slow phone's main
 * thread (docs/decisions/payer-pages-money-without-intl.md). Like Intl, it rounds the number's
 * shortest decimal form (String(1.005) is "1.005": "$1.01"), half away from zero.
 */
function usdText(dollars: number): string {
  const magnitude = Math.abs(dollars);
  if (!Number.isFinite(magnitude) || magnitude >= 1e21) return usd().format(dollars);
  // Below 10^-6 String() writes an exponent; such an amount rounds to no cents at all.
  const [whole = '0', fraction = ''] = magnitude < 1e-6 ? ['0'] : String(magnitude).split('.');
  const cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + (fraction.charAt(2) >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  // Intl writes the sign of any negative number, -0 and what rounds to $0.00 included.
  return `${dollars < 0 || Object.is(dollars, -0) ? '-' : ''}$${grouped}.${digits.slice(-2)}`;
}

/** A wire decimal read from its digits (money.ts), or a number of dollars as it is. */
const dollarsOf = (amount: string | number): number => (typeof amount === 'string' ? centsToNumber(centsOf(amount)) : amount);

/** Formats a wire decimal ("1234.50"), a number of dollars, or integer cents as "$1,234.50". */
export function formatMoney(amount: number, unit?: 'decimal' | 'cents'): string;
export function formatMoney(amount: string | number): string;
export function formatMoney(amount: string | number, unit: 'decimal' | 'cents' = 'decimal'): string {
  return usdText(typeof amount === 'number' && unit === 'cents' ? centsToNumber(amount) : dollarsOf(amount));
}

const usdCompact = lazily(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }),
);

/** "$293.8M": for chart axes, where a full figure has no room; show the full figure beside it. */
export const formatMoneyCompact = (amount: string | number): string => usdCompact().format(dollarsOf(amount));

const count = lazily(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));

/** Counts of rows, transactions or cards with thousands separators: "1,000,100". */
export const formatCount = (value: number): string => count().format(value);

const dateFormat = lazily(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
const dateTimeFormat = lazily(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
);

export const formatDate = (value: string | Date): string => dateFormat().format(new Date(value));
export const formatDateTime = (value: string | Date): string => dateTimeFormat().format(new Date(value));
