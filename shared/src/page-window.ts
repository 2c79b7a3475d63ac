/** TXN-05, CONST-07: at most 5 numbered page buttons, the current page kept in the middle when it can be. */
export const MAX_PAGE_BUTTONS = 5;

export function pageButtons(current: number, last: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, Math.max(last, 1));
  const start = Math.min(Math.max(current - Math.floor(max / 2), 1), Math.max(last - count + 1, 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
