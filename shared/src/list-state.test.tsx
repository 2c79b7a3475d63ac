import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderWithProviders } from './testing/render';
import {
  choiceField,
  cursorField,
  cursorsField,
  newerPage,
  olderPage,
  pageField,
  readListState,
  schemaField,
  sizeField,
  textField,
  useListState,
  writeListState,
  type ListFields,
} from './list-state';
import { useSettledText } from './use-settled-text';

interface Demo {
  search: string;
  status: 'all' | 'open' | 'closed';
  page: number;
  perPage: 10 | 25;
}
const fields: ListFields<Demo> = {
  search: textField(20, { format: (text) => (/\d{6}/.test(text) ? undefined : text) }),
  status: choiceField(['all', 'open', 'closed'], 'all', { aliases: ['filter'] }),
  page: pageField(),
  perPage: sizeField([10, 25], 10, 'per_page'),
};

test('reads each value from the address, falling back to its default when absent or unreadable', () => {
  expect(readListState(fields, new URLSearchParams(''))).toEqual({ search: '', status: 'all', page: 1, perPage: 10 });
  expect(readListState(fields, new URLSearchParams('search=ann&status=open&page=3&per_page=25'))).toEqual({
    search: 'ann',
    status: 'open',
    page: 3,
    perPage: 25,
  });
  expect(readListState(fields, new URLSearchParams('status=lost&page=1.5&per_page=11'))).toEqual({
    search: '',
    status: 'all',
    page: 1,
    perPage: 10,
  });
  expect(readListState(fields, new URLSearchParams('page=-2')).page).toBe(1);
  expect(readListState(fields, new URLSearchParams('page=0x10')).page).toBe(1);
  expect(readListState(fields, new URLSearchParams('filter=closed')).status).toBe('closed');
  expect(readListState(fields, new URLSearchParams(`search=${'a'.repeat(30)}`)).search).toBe('a'.repeat(20));
});

test('writes only what differs from the defaults, keeps other parameters and drops aliases', () => {
  const state: Demo = { search: 'ann', status: 'open', page: 2, perPage: 25 };
  expect(writeListState(fields, state).toString()).toBe('search=ann&status=open&page=2&per_page=25');
  expect(writeListState(fields, { search: '', status: 'all', page: 1, perPage: 10 }).toString()).toBe('');
  expect(writeListState(fields, state, new URLSearchParams('tab=x&filter=closed')).toString()).toBe(
    'tab=x&search=ann&status=open&page=2&per_page=25',
  );
  expect(writeListState(fields, { ...state, search: 'id 123456' }).has('search')).toBe(false);
});

test('a prefix keeps two lists of one page apart', () => {
  const params = writeListState(fields, { search: 'a', status: 'open', page: 2, perPage: 10 }, new URLSearchParams('page=5'), 'log_');
  expect(params.toString()).toBe('page=5&log_search=a&log_status=open&log_page=2');
  expect(readListState(fields, params, 'log_')).toEqual({ search: 'a', status: 'open', page: 2, perPage: 10 });
  expect(readListState(fields, params).page).toBe(5);
});

test('keyset pages: Older keeps the way back, Newer walks it, and there is nothing older than the oldest', () => {
  const newest = { before: undefined, newer: [] as number[] };
  const second = olderPage(newest, 90);
  const third = olderPage(second, 70);
  expect(third).toEqual({ before: 70, newer: [90] });
  expect(olderPage(third, null)).toBe(third);
  expect(newerPage(third)).toEqual({ before: 90, newer: [] });
  expect(newerPage(newerPage(third))).toEqual({ before: undefined, newer: [] });
});

test('cursors and a zod schema parse, or fall back', () => {
  const keyset = { action: schemaField(z.enum(['login', 'logout']), 'login'), before: cursorField(), newer: cursorsField(3) };
  expect(readListState(keyset, new URLSearchParams('action=login&before=20&newer=90,70,50,30'))).toEqual({
    action: 'login',
    before: 20,
    newer: [70, 50, 30],
  });
  expect(readListState(keyset, new URLSearchParams('action=x&before=a&newer=9,,3'))).toEqual({
    action: 'login',
    before: undefined,
    newer: [],
  });
  expect(writeListState(keyset, { action: 'logout', before: 20, newer: [90, 70] }).toString()).toBe(
    'action=logout&before=20&newer=90%2C70',
  );
});

function Demo() {
  const [state, set] = useListState(fields);
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="state">{JSON.stringify(state)}</output>
      <output data-testid="address">{useLocation().search}</output>
      <button onClick={() => set({ status: 'closed' })}>Closed</button>
      <button onClick={() => set({ status: state.status })}>Same status</button>
      <button onClick={() => set({ page: state.page + 1 })}>Next</button>
      <button onClick={() => set({ perPage: 25 })}>25</button>
      <button
        onClick={() => {
          set({ status: 'closed' });
          set({ perPage: 25 });
        }}
      >
        Closed, 25
      </button>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}
const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '') as Demo;
const address = () => screen.getByTestId('address').textContent;
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

test('a route with parameters shows that state; a filter or a size goes back to page 1', () => {
  renderWithProviders(<Demo />, { route: '/list?status=open&page=4' });
  expect(state()).toEqual({ search: '', status: 'open', page: 4, perPage: 10 });
  click('Next');
  expect(address()).toBe('?status=open&page=5');
  click('Same status');
  expect(address()).toBe('?status=open&page=5');
  click('Closed');
  expect(address()).toBe('?status=closed');
  click('Next');
  click('25');
  expect(state()).toEqual({ search: '', status: 'closed', page: 1, perPage: 25 });
  expect(address()).toBe('?status=closed&per_page=25');
});

test('a change made before the last one has rendered keeps it', () => {
  renderWithProviders(<Demo />, { route: '/list?page=2' });
  click('Closed, 25');
  expect(address()).toBe('?status=closed&per_page=25');
  act(() => click('Back'));
  expect(address()).toBe('?status=closed');
});

test('each change is a history entry: back steps through them', () => {
  renderWithProviders(<Demo />, { route: '/list' });
  click('Closed');
  click('Next');
  expect(address()).toBe('?status=closed&page=2');
  act(() => click('Back'));
  expect(address()).toBe('?status=closed');
  act(() => click('Back'));
  expect(address()).toBe('');
  expect(state().status).toBe('all');
});

test('on arrival, values that do not parse or may not stay leave the address, in place', () => {
  renderWithProviders(<Demo />, { route: '/list?tab=2&search=card%20123456&filter=open&page=x' });
  expect(state()).toEqual({ search: '', status: 'open', page: 1, perPage: 10 });
  expect(address()).toBe('?tab=2&status=open');
  act(() => click('Back'));
  // Replaced, not pushed: there is nothing to go back to.
  expect(address()).toBe('?tab=2&status=open');
});

function SearchDemo() {
  const [state, set] = useListState(fields);
  const [text, setText] = useSettledText(state.search, (search) => set({ search }), 50);
  const navigate = useNavigate();
  return (
    <>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <output data-testid="address">{useLocation().search}</output>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}

test('a search box writes its text once it settles, and follows the address back', async () => {
  renderWithProviders(<SearchDemo />, { route: '/list?page=3' });
  const box = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
  fireEvent.change(box, { target: { value: 'an' } });
  fireEvent.change(box, { target: { value: 'ann' } });
  expect(address()).toBe('?page=3');
  await waitFor(() => expect(address()).toBe('?search=ann'));
  act(() => click('Back'));
  expect(address()).toBe('?page=3');
  expect(box.value).toBe('');
});
