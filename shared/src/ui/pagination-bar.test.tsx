import { render, screen } from '@testing-library/react';
import { chooseOption, optionsOf } from '../testing/select';
import { PaginationBar } from './pagination-bar';

const renderBar = (range: { page: number; lastPage: number; from: number | null; to: number | null; total: number }) =>
  render(<PaginationBar {...range} perPage={10} pageSizes={[10, 25] as const} onPage={() => {}} onPerPage={() => {}} />);

test('the range text puts thousands separators in every number', () => {
  renderBar({ page: 100001, lastPage: 100010, from: 1000001, to: 1000010, total: 1000100 });
  expect(screen.getByTestId('range-text').textContent).toBe('Showing 1,000,001 to 1,000,010 of 1,000,100 results');
});

test('a small range reads as before', () => {
  renderBar({ page: 1, lastPage: 5, from: 1, to: 10, total: 42 });
  expect(screen.getByTestId('range-text').textContent).toBe('Showing 1 to 10 of 42 results');
});

test('an empty page shows zeros', () => {
  renderBar({ page: 1, lastPage: 1, from: null, to: null, total: 0 });
  expect(screen.getByTestId('range-text').textContent).toBe('Showing 0 to 0 of 0 results');
});

test('choosing a page size in the Per page menu gives that size as a number', async () => {
  const onPerPage = jest.fn();
  render(
    <PaginationBar
      page={1}
      lastPage={5}
      from={1}
      to={10}
      total={42}
      perPage={10}
      pageSizes={[10, 25, 50] as const}
      onPage={() => {}}
      onPerPage={onPerPage}
    />,
  );
  const perPage = screen.getByRole('combobox', { name: 'Per page' });
  expect(await optionsOf(perPage)).toEqual(['10', '25', '50']);
  await chooseOption(perPage, '25');
  expect(onPerPage).toHaveBeenCalledWith(25);
});
