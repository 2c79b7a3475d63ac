/** A `datetime-local` field's value (the browser's time zone) as the ISO instant the list sends, or '' when empty or unreadable. */
export function instantOf(local: string): string {
  if (!local) return '';
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString();
}
