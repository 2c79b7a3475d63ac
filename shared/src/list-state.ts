import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';

/**
 * One part of a list's state as the query string keeps it: a filter, the page size, or a position
 * (a page, a cursor). Kept in the address so a link or a reload shows the same list.
 */
export interface ListField<T> {
  /** The value when the address has none or one that does not parse; never written. */
  fallback: T;
  /** The value of the address's text, or undefined when it does not parse. */
  parse: (text: string) => T | undefined;
  /** The address's text; undefined keeps the value out of the address. Default: String(value). */
  format?: (value: T) => string | undefined;
  /** The parameter's name when it is not the field's own. */
  name?: string;
  /** Older names, read when the field's own is absent and dropped at the next write. */
  aliases?: readonly string[];
  /** A position in the list: it goes back to its fallback when any other field changes. */
  position?: boolean;
}

export type ListFields<S> = { readonly [K in keyof S]: ListField<S[K]> };

type Entry<S> = [key: keyof S, field: ListField<S[keyof S]>];
const entriesOf = <S>(fields: ListFields<S>) => Object.entries(fields) as Entry<S>[];
const nameOf = (key: PropertyKey, field: { name?: string }, prefix: string) => prefix + (field.name ?? String(key));
const textOf = <T>(field: ListField<T>, value: T) => (field.format ? field.format(value) : String(value));

/** The state the address holds; each value that is missing or does not parse is its fallback. */
export function readListState<S>(fields: ListFields<S>, params: URLSearchParams, prefix = ''): S {
  const state = {} as S;
  for (const [key, field] of entriesOf(fields)) {
    const names = [nameOf(key, field, prefix), ...(field.aliases ?? []).map((alias) => prefix + alias)];
    const text = names.map((name) => params.get(name)).find((value) => value !== null);
    state[key] = (text === undefined ? undefined : field.parse(text)) ?? field.fallback;
  }
  return state;
}

/** The address with this state: other parameters kept, and only the values that differ from their fallback. */
export function writeListState<S>(fields: ListFields<S>, state: NoInfer<S>, params = new URLSearchParams(), prefix = ''): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, field] of entriesOf(fields)) {
    for (const alias of field.aliases ?? []) next.delete(prefix + alias);
    next.delete(nameOf(key, field, prefix));
  }
  for (const [key, field] of entriesOf(fields)) {
    const text = textOf(field, state[key]);
    if (text !== undefined && text !== textOf(field, field.fallback)) next.set(nameOf(key, field, prefix), text);
  }
  return next;
}

/** The state after a change: a change of any field but a position puts the positions back to their fallback. */
export function changeListState<S>(fields: ListFields<S>, state: NoInfer<S>, change: NoInfer<Partial<S>>): S {
  const moves = entriesOf(fields).some(([key, field]) => !field.position && key in change && !Object.is(change[key], state[key]));
  const next = { ...state };
  if (moves) for (const [key, field] of entriesOf(fields)) if (field.position) next[key] = field.fallback;
  return { ...next, ...change };
}

const sameParams = (a: URLSearchParams, b: URLSearchParams) => {
  const sorted = (params: URLSearchParams) =>
    [...params]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  return sorted(a) === sorted(b);
};

export interface ListStateOptions {
  /** Put before every parameter's name, for a list that shares its page with another. */
  prefix?: string;
}

export type SetListState<S> = (change: Partial<S>, options?: { replace?: boolean }) => void;

/**
 * A list's state in the query string (react-router's useSearchParams). Each change is a history
 * entry, so the back button steps through filters; on arrival an address with values that do not
 * parse, or may not stay there, is rewritten in place.
 */
export function useListState<S>(fields: ListFields<S>, { prefix = '' }: ListStateOptions = {}): [S, SetListState<S>] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(fields, params, prefix), [fields, params, prefix]);

  // The router renders a navigation in a transition, so a second change made before that render
  // (a search box settling as a menu is chosen) starts from the addresses written, not the rendered one.
  const written = useRef<URLSearchParams[]>([]);
  useLayoutEffect(() => {
    const at = written.current.findIndex((address) => sameParams(address, params));
    written.current = at === -1 ? [] : written.current.slice(at + 1);
  }, [params]);

  const set: SetListState<S> = (change, { replace = false } = {}) => {
    const base = written.current.at(-1) ?? params;
    const next = writeListState(fields, changeListState(fields, readListState(fields, base, prefix), change), base, prefix);
    if (sameParams(next, base)) return;
    written.current.push(next);
    setParams(next, { replace });
  };

  useEffect(() => {
    const canonical = writeListState(fields, state, params, prefix);
    if (!sameParams(canonical, params)) setParams(canonical, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival: later changes are written by set
  }, []);

  return [state, set];
}

/** Free text, cut to `max` characters; '' when absent. */
export const textField = (max: number, more: Partial<ListField<string>> = {}): ListField<string> => ({
  fallback: '',
  parse: (text) => text.slice(0, max),
  ...more,
});

/** One of a fixed set of values. */
export const choiceField = <T extends string>(values: readonly T[], fallback: T, more: Partial<ListField<T>> = {}): ListField<T> => ({
  fallback,
  parse: (text) => values.find((value) => value === text),
  ...more,
});

/** Whatever a zod schema accepts of the address's text. */
export const schemaField = <T>(schema: z.ZodType<T>, fallback: T, more: Partial<ListField<T>> = {}): ListField<T> => ({
  fallback,
  parse: (text) => {
    const result = schema.safeParse(text);
    return result.success ? result.data : undefined;
  },
  ...more,
});

const wholeNumber = (text: string, max: number) => {
  const n = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(n) && n >= 1 && n <= max ? n : undefined;
};

/** A page number from 1; a change of any other field goes back to page 1. */
export const pageField = (max = Number.MAX_SAFE_INTEGER): ListField<number> => ({
  fallback: 1,
  parse: (text) => wholeNumber(text, max),
  position: true,
});

/** A page size from a fixed list. */
export const sizeField = <T extends number>(sizes: readonly T[], fallback: T, name?: string): ListField<T> => ({
  fallback,
  parse: (text) => sizes.find((size) => String(size) === text),
  ...(name ? { name } : {}),
});

/** A keyset cursor (a positive id); dropped when any other field changes. */
export const cursorField = (): ListField<number | undefined> => ({
  fallback: undefined,
  parse: (text) => wholeNumber(text, Number.MAX_SAFE_INTEGER),
  format: (value) => (value === undefined ? undefined : String(value)),
  position: true,
});

/** Keyset cursors, comma-separated, at most `max` (the oldest dropped first); dropped when any other field changes. */
export const cursorsField = (max: number): ListField<readonly number[]> => ({
  fallback: [],
  parse: (text) => {
    const cursors = text.split(',').map((part) => wholeNumber(part, Number.MAX_SAFE_INTEGER));
    return cursors.every((cursor) => cursor !== undefined) ? cursors.slice(-max) : undefined;
  },
  format: (cursors) => cursors.slice(-max).join(','),
  position: true,
});

/** A `datetime-local` value (`2026-03-01T09:30`, the browser's time zone); '' when absent. */
export const localTimeField = (): ListField<string> => ({
  fallback: '',
  parse: (text) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) && !Number.isNaN(new Date(text).getTime()) ? text : undefined),
});

/** Where a keyset-paged list is: the cursor of the page shown, and those of the newer pages before it. */
export interface KeysetPosition<C> {
  before: C | undefined;
  newer: readonly C[];
}

/** The next older page: the page shown joins the newer ones (none after the oldest: where it is). */
export const olderPage = <C>(position: KeysetPosition<C>, nextBefore: NoInfer<C> | null): KeysetPosition<C> =>
  nextBefore === null ? position : { before: nextBefore, newer: position.before === undefined ? [] : [...position.newer, position.before] };

/** The page before the one shown: the last newer cursor, or the newest page when none is left. */
export const newerPage = <C>({ newer }: KeysetPosition<C>): KeysetPosition<C> => ({ before: newer.at(-1), newer: newer.slice(0, -1) });
