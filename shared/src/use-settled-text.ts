import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A text box of a list whose state is elsewhere (the address): the box shows what is typed, and
 * `commit` gets the text once it has stopped changing for `delayMs`. When the state changes under
 * the box (the back button, a link), the box follows it; when the state only catches up with a
 * text the box committed, what was typed since stays.
 */
export function useSettledText(value: string, commit: (text: string) => void, delayMs: number): [string, (text: string) => void] {
  const [input, setInput] = useState(value);
  const settled = useDebouncedValue(input, delayMs);
  const committed = useRef(value);

  useEffect(() => {
    if (settled === value) return;
    committed.current = settled;
    commit(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled text changes the list
  }, [settled]);

  useEffect(() => {
    if (value !== committed.current) setInput(value);
    committed.current = value;
  }, [value]);

  return [input, setInput];
}
