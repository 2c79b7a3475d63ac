import { centsOf, centsToNumber } from './money';

/**
 * A formatter made at its first use: making one costs a page's first load tens of milliseconds on
 * a slow phone (the payer pages, which need only the first, load this module before they are usable).
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** One way to show money, counts and dates everywhere (USD, en-US). */
const usd = lazily(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/** A wire decimal read from its digits (money.ts), or a number of dollars as it is. */
const dollarsOf = (amount: string | number): number => (typeof amount === 'string' ? centsToNumber(centsOf(amount)) : amount);

/** Formats a wire decimal ("1234.50"), a number of dollars, or integer cents as "$1,234.50". */
export function formatMoney(amount: number, unit?: 'decimal' | 'cents'): string;
export function formatMoney(amount: string | number): string;
export function formatMoney(amount: string | number, unit: 'decimal' | 'cents' = 'decimal'): string {
  return usd().format(typeof amount === 'number' && unit === 'cents' ? centsToNumber(amount) : dollarsOf(amount));
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
