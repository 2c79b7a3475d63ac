import { auditActionLabel, auditActions, type AuditAction } from '@paydesk/shared/schemas/audit';
import type { AuditFilterArgs } from '../api/audit-api';

/** What the filter fields hold: the time bounds as `datetime-local` values (the browser's time zone). */
export interface AuditFilterForm {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export const actionOptions: readonly { value: AuditAction | ''; label: string }[] = [
  { value: '', label: 'All actions' },
  ...auditActions.map((action) => ({ value: action, label: auditActionLabel(action) })),
];

export const parseAction = (value: string): AuditAction | '' =>
  (auditActions as readonly string[]).includes(value) ? (value as AuditAction) : '';

/** A `datetime-local` value as an ISO instant, or '' when empty or unreadable. */
function instantOf(local: string): string {
  if (!local) return '';
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString();
}

/** The filters as sent: the time bounds as instants; the end of a minute includes that whole minute. */
export function filterArgs(form: AuditFilterForm): AuditFilterArgs {
  const to = instantOf(form.to);
  return {
    actor: form.actor,
    action: form.action,
    from: instantOf(form.from),
    to: to ? new Date(new Date(to).getTime() + 59_999).toISOString() : '',
  };
}
