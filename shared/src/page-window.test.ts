import { pageButtons } from './page-window';

test('shows at most five pages, centred on the current one, clamped at the edges', () => {
  expect(pageButtons(1, 1)).toEqual([1]);
  expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
  expect(pageButtons(1, 20)).toEqual([1, 2, 3, 4, 5]);
  expect(pageButtons(2, 20)).toEqual([1, 2, 3, 4, 5]);
  expect(pageButtons(3, 20)).toEqual([1, 2, 3, 4, 5]);
  expect(pageButtons(4, 20)).toEqual([2, 3, 4, 5, 6]);
  expect(pageButtons(10, 20)).toEqual([8, 9, 10, 11, 12]);
  expect(pageButtons(19, 20)).toEqual([16, 17, 18, 19, 20]);
  expect(pageButtons(20, 20)).toEqual([16, 17, 18, 19, 20]);
  expect(pageButtons(1, 0)).toEqual([1]);
});
