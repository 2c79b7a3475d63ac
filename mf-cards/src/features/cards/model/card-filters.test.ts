import { cardListCall, readCardFilters, writeCardFilters } from './card-filters';

test('reads the address, falling back to the defaults on anything malformed', () => {
  expect(readCardFilters(new URLSearchParams(''))).toEqual({ search: '', status: 'all', page: 1, perPage: 10 });
  expect(readCardFilters(new URLSearchParams('search=4242&status=blocked&page=3&per_page=100'))).toEqual({
    search: '4242',
    status: 'blocked',
    page: 3,
    perPage: 100,
  });
  expect(readCardFilters(new URLSearchParams('status=lost&page=-2&per_page=20'))).toEqual({
    search: '',
    status: 'all',
    page: 1,
    perPage: 10,
  });
  expect(readCardFilters(new URLSearchParams(`search=${'1'.repeat(40)}&page=1.5`))).toMatchObject({ search: '1'.repeat(32), page: 1 });
});

test('round-trips through the address, keeping only what differs from the defaults', () => {
  const filters = { search: '4242', status: 'active', page: 2, perPage: 50 } as const;
  expect(writeCardFilters(filters).toString()).toBe('search=4242&status=active&page=2&per_page=50');
  expect(readCardFilters(writeCardFilters(filters))).toEqual(filters);
  expect(writeCardFilters({ search: '', status: 'all', page: 1, perPage: 10 }).toString()).toBe('');
});

test('asks the API for page and size always, search (trimmed) and status only when set', () => {
  expect(cardListCall({ search: '  ', status: 'all', page: 1, perPage: 10 })).toBe('/backend/cards?page=1&per_page=10');
  expect(cardListCall({ search: ' 4242 ', status: 'blocked', page: 4, perPage: 25 })).toBe(
    '/backend/cards?page=4&per_page=25&search=4242&status=blocked',
  );
  expect(cardListCall({ search: 'visa', status: 'all', page: 1, perPage: 10 })).toBe('/backend/cards?page=1&per_page=10&search=visa');
});

test('a search with more than six digits in a row goes in a POST body and never in the URL', () => {
  for (const search of ['4111 1111 1111 1111', '4111\u00a01111\u20091111\u202f1111', '4111111', '411111-1']) {
    expect(cardListCall({ search: ` ${search} `, status: 'active', page: 2, perPage: 25 })).toEqual({
      url: '/backend/cards/search',
      method: 'POST',
      body: { search, status: 'active', page: 2, per_page: 25 },
    });
    expect(writeCardFilters({ search, status: 'active', page: 2, perPage: 25 }).toString()).toBe('status=active&page=2&per_page=25');
  }
});
