/** The admin statuses of TXN-09, plus an explicit unknown case for anything else. */
export type StatusKind = 'completed' | 'success' | 'failed' | 'pending' | 'disputed' | 'refunded' | 'unknown';
export type BadgeColour = 'green' | 'red' | 'yellow' | 'orange' | 'blue' | 'grey';

const known: readonly StatusKind[] = ['completed', 'success', 'failed', 'pending', 'disputed', 'refunded'];

export function parseStatus(raw: string): StatusKind {
  const value = raw.trim().toLowerCase();
  return known.find((kind) => kind === value) ?? 'unknown';
}

export function badgeColour(kind: StatusKind): BadgeColour {
  switch (kind) {
    case 'completed':
    case 'success':
      return 'green';
    case 'failed':
      return 'red';
    case 'pending':
      return 'yellow';
    case 'disputed':
      return 'orange';
    case 'refunded':
      return 'blue';
    case 'unknown':
      return 'grey';
  }
}

/** The details page shows completed as success (TXN-10); the list shows the status as sent. */
export function statusLabel(raw: string, place: 'list' | 'details'): string {
  const kind = parseStatus(raw);
  const shown = place === 'details' && kind === 'completed' ? 'success' : kind === 'unknown' ? raw : kind;
  return shown.length > 0 ? shown.charAt(0).toUpperCase() + shown.slice(1) : 'Unknown';
}
