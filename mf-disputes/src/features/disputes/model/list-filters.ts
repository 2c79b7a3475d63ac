import { choiceField, pageField, sizeField, type ListField, type ListFields } from '@paydesk/shared/list-state';
import { disputeStatuses, type DisputeStatus } from '@paydesk/shared/schemas/merchant-objects';
import { statusLooks } from './dispute-labels';

/** The page sizes of the list; the API takes at most 100 (DSP-08). */
export const listSizes = [10, 25, 50, 100] as const;
export type ListSize = (typeof listSizes)[number];

export interface DisputeListState {
  status: DisputeStatus | 'all';
  /** Dates (`2026-03-01`) in the browser's time zone, '' for no bound: the day a dispute opened. */
  from: string;
  to: string;
  page: number;
  limit: ListSize;
}

export const statusOptions: readonly { value: DisputeListState['status']; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  ...disputeStatuses.map((status) => ({ value: status, label: statusLooks[status].label })),
];

/** Whether a `2026-03-01` text is a day of the calendar (a Date rolls 2026-02-31 over into March). */
const isDay = (text: string): boolean => {
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(year!, month! - 1, day);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && date.getFullYear() === year && date.getMonth() === month! - 1 && date.getDate() === day;
};

/** A `date` input's value, '' when absent or not a real day. */
const dateField = (): ListField<string> => ({ fallback: '', parse: (text) => (isDay(text) ? text : undefined) });

/** The list in the address: `?status=&from=&to=&page=&limit=`, so a link or a reload shows the same list. */
export const listFields: ListFields<DisputeListState> = {
  status: choiceField<DisputeListState['status']>(['all', ...disputeStatuses], 'all'),
  from: dateField(),
  to: dateField(),
  page: pageField(1_000_000),
  limit: sizeField(listSizes, 25),
};

/**
 * The API's query for a list state: the days are the browser's, so their bounds go as instants
 * (the first and the last millisecond of each day where the user is), the status only when one
 * is chosen.
 */
export function listQuery({ status, from, to, page, limit }: DisputeListState): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (status !== 'all') params.set('status', status);
  if (from) params.set('from', new Date(`${from}T00:00:00`).toISOString());
  if (to) params.set('to', new Date(`${to}T23:59:59.999`).toISOString());
  return params.toString();
}
