import { act, renderHook } from '@testing-library/react';
import { useSettledText } from './use-settled-text';

const settle = () => act(() => jest.advanceTimersByTime(300));

function box(value = '') {
  const commits: string[] = [];
  const hook = renderHook(({ state }) => useSettledText(state, (text) => commits.push(text), 300), { initialProps: { state: value } });
  return { ...hook, commits, type: (text: string) => act(() => hook.result.current[1](text)) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('what is typed after a text settled stays when the state catches up with that text', () => {
  const { result, rerender, commits, type } = box();
  type('ada@example.com');
  settle();
  expect(commits).toEqual(['ada@example.com']);
  type(''); // cleared while the address is being written
  rerender({ state: 'ada@example.com' });
  expect(result.current[0]).toBe('');
  settle();
  expect(commits).toEqual(['ada@example.com', '']);
});

test('a state changed from elsewhere (the back button, a link) shows in the box, and commits nothing', () => {
  const { result, rerender, commits, type } = box('ann');
  rerender({ state: 'bob' });
  expect(result.current[0]).toBe('bob');
  type('bo');
  settle();
  expect(commits).toEqual(['bo']);
  rerender({ state: 'bo' });
  rerender({ state: 'ann' });
  expect(result.current[0]).toBe('ann');
  settle();
  expect(commits).toEqual(['bo']);
});
