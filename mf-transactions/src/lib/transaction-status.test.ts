import { badgeColour, parseStatus, statusLabel } from './transaction-status';

test('parses the known statuses and keeps anything else as unknown', () => {
  expect(['completed', 'SUCCESS', ' failed ', 'pending', 'disputed', 'refunded'].map(parseStatus)).toEqual([
    'completed',
    'success',
    'failed',
    'pending',
    'disputed',
    'refunded',
  ]);
  expect(parseStatus('chargeback')).toBe('unknown');
  expect(parseStatus('')).toBe('unknown');
});

test('badge colours: green completed/success, red failed, yellow pending, orange disputed, blue refunded, grey other', () => {
  expect(['completed', 'success', 'failed', 'pending', 'disputed', 'refunded', 'on_hold'].map((s) => badgeColour(parseStatus(s)))).toEqual([
    'green',
    'green',
    'red',
    'yellow',
    'orange',
    'blue',
    'grey',
  ]);
});

test('the details page shows completed as success; the list shows it as sent', () => {
  expect(statusLabel('completed', 'details')).toBe('Success');
  expect(statusLabel('completed', 'list')).toBe('Completed');
  expect(statusLabel('refunded', 'details')).toBe('Refunded');
  expect(statusLabel('on_hold', 'list')).toBe('On_hold');
});
