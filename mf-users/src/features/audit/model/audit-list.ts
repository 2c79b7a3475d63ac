import { cursorField, cursorsField, localTimeField, sizeField, textField, type ListFields } from '@paydesk/shared/list-state';
import { AUDIT_PAGE_SIZES } from '@paydesk/shared/schemas/audit';
import type { AuditPageSize } from '../api/audit-api';
import { parseAction, type AuditFilterForm } from './audit-filter';

/** How many newer pages' cursors the address keeps: beyond them, Newer goes to the newest page. */
const MAX_NEWER = 50;

/**
 * The audit list in the address: the filters, the page size, and the keyset position. The server
 * pages older only (`before`), so the cursors of the newer pages reached are kept too (`newer`):
 * after a reload Newer still steps back one page at a time.
 */
export interface AuditListState extends AuditFilterForm {
  limit: AuditPageSize;
  /** The id the page shown starts below; undefined for the newest page. */
  before: number | undefined;
  /** The `before` of each newer page reached, newest first, the newest page itself left out. */
  newer: readonly number[];
}

/** `?actor=&action=&from=&to=&limit=&before=&newer=`, each only when not the default. */
export const auditListFields: ListFields<AuditListState> = {
  actor: textField(254),
  action: { fallback: '', parse: parseAction },
  from: localTimeField(),
  to: localTimeField(),
  limit: sizeField(AUDIT_PAGE_SIZES, 50),
  before: cursorField(),
  newer: cursorsField(MAX_NEWER),
};
