import { readFilters, writeFilters } from './list-filters';

test('?filter=disputed preselects Disputed; defaults otherwise', () => {
  expect(readFilters(new URLSearchParams('filter=disputed'))).toEqual({ search: '', status: 'disputed', page: 1, perPage: 10 });
  expect(readFilters(new URLSearchParams(''))).toEqual({ search: '', status: 'all', page: 1, perPage: 10 });
  expect(readFilters(new URLSearchParams('status=lost&page=-2&per_page=20'))).toEqual({ search: '', status: 'all', page: 1, perPage: 10 });
});

test('round-trips through the URL, keeping only what differs from the defaults', () => {
  const filters = { search: 'olivia', status: 'failed', page: 3, perPage: 50 } as const;
  expect(writeFilters(filters).toString()).toBe('search=olivia&status=failed&page=3&per_page=50');
  expect(readFilters(writeFilters(filters))).toEqual(filters);
  expect(writeFilters({ search: '', status: 'all', page: 1, perPage: 10 }).toString()).toBe('');
});

test('a card number is never read from the URL nor written to it', () => {
  const number = '4111\u00a01111\u00a01111\u00a01111';
  expect(readFilters(new URLSearchParams({ search: number, status: 'failed' }))).toEqual({
    search: '',
    status: 'failed',
    page: 1,
    perPage: 10,
  });
  expect(writeFilters({ search: number, status: 'failed', page: 1, perPage: 10 }).toString()).toBe('status=failed');
  expect(writeFilters({ search: 'TXN4111', status: 'all', page: 1, perPage: 10 }).toString()).toBe('search=TXN4111');
});
