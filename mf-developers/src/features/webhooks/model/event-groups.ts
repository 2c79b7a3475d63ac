import { eventTypes, type EventType } from '@paydesk/shared/schemas/webhooks';

export const groupNames = ['checkout', 'payment', 'refund', 'dispute', 'withdrawal'] as const;
export type GroupName = (typeof groupNames)[number];

const label: Record<GroupName, string> = {
  checkout: 'Checkout',
  payment: 'Payment',
  refund: 'Refund',
  dispute: 'Dispute',
  withdrawal: 'Withdrawal',
};

/** The event types by what they are about (the part before the dot), as the Add endpoint dialog shows them. */
export const eventGroups: readonly { name: GroupName; label: string; types: readonly EventType[] }[] = groupNames.map((name) => ({
  name,
  label: label[name],
  types: eventTypes.filter((type) => type.startsWith(`${name}.`)),
}));

/** Options of the event list's type filter. */
export const eventTypeOptions: readonly { value: EventType | 'all'; label: string }[] = [
  { value: 'all', label: 'All types' },
  ...eventTypes.map((type) => ({ value: type, label: type })),
];

export const parseEventTypeFilter = (value: string): EventType | 'all' =>
  (eventTypes as readonly string[]).includes(value) ? (value as EventType) : 'all';
