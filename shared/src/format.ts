/** One way to show money and dates everywhere (USD, en-US). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Formats a wire decimal ("1234.50") or integer cents as "$1,234.50". */
export function formatMoney(amount: string | number, unit: 'decimal' | 'cents' = 'decimal'): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return usd.format(unit === 'cents' ? value / 100 : value);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

export const formatDate = (value: string | Date): string => dateFormat.format(new Date(value));
export const formatDateTime = (value: string | Date): string => dateTimeFormat.format(new Date(value));
