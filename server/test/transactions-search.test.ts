import { ensureProviderKeys } from '../src/demo/provider-keys';
import { generateTransactions } from '../src/demo/transaction-generator';
import { writeTransactions } from '../src/demo/transactions-writer';
import { buildTransactionsTestApp, type TransactionsTestApp } from './transactions-fixtures';

// The search box finds a fragment where a word starts (migration 013): in the customer's name,
// the e-mail and the transaction id. These customers are made up so that no generated row holds
// their words.
const customers = [
  {
    transactionId: 'TXNQZ7K2M9Q4WXYZ',
    firstName: 'Quillon',
    lastName: 'Vastrebeck',
    email: 'quillon.vastrebeck20@zephyrmail.test',
    status: 'failed',
  },
  {
    transactionId: 'TXNQZ7K2M9Q4ABCD',
    firstName: 'Quillon',
    lastName: 'Vastrebeck',
    email: 'q.vastrebeck@zephyrmail.test',
    status: 'completed',
  },
  {
    transactionId: 'TXNQZ8AAAAAAAAAA',
    firstName: 'Maryanne Ora',
    lastName: "O'Vastrebeck-Lund",
    email: 'm_o.lund+pay@zephyrmail.test',
    status: 'pending',
  },
] as const;

let t: TransactionsTestApp;
beforeAll(async () => {
  t = await buildTransactionsTestApp();
  const providerKeys = await ensureProviderKeys(t.db);
  const seeds = [...generateTransactions({ count: customers.length, seed: 5, providerKeys, days: 1 })];
  await writeTransactions(
    t.db,
    seeds.map((seed, i) => ({ ...seed, ...customers[i]! })),
  );
}, 60_000);
afterAll(() => t?.close());

interface Page {
  data: { data: { transaction_id: string }[]; total: number };
}
const found = async (search: string, extra = ''): Promise<string[]> => {
  const { statusCode, json } = await t.get<Page>(
    `/api/backend/all-transactions?per_page=100&search=${encodeURIComponent(search)}${extra}`,
    t.tokens.admin,
  );
  expect(statusCode).toBe(200);
  expect(json.data.total).toBe(json.data.data.length);
  return json.data.data.map((r) => r.transaction_id).sort();
};
const [first, second, third] = customers.map((c) => c.transactionId);

describe('transaction search', () => {
  it.each([
    ['a first name', 'quillon', [first, second]],
    ['a last name, any case', 'VASTREBECK', [first, second]],
    ['the whole name', 'Quillon Vastreb', [first, second]],
    ['the start of an e-mail', 'quillon.vast', [first]],
    ["an e-mail from its local part's separator", 'vastrebeck20@', [first]],
    ['an e-mail from the digits of its local part', '20@zephyr', [first]],
    ['an e-mail from its last separator', 'pay@zephyr', [third]],
    ["an e-mail's domain, typed with its @", '@zephyrmail.test', [first, second, third]],
    ['a whole e-mail', 'q.vastrebeck@zephyrmail.test', [second]],
    ['a name after its first word, apostrophe and all', "Ora O'Vast", [third]],
    ["a name's last word", 'lund', [third]],
    ['the start of a transaction id, lower case', 'txnqz7k2', [first, second]],
    ['a whole transaction id', 'TXNQZ8AAAAAAAAAA', [third]],
  ])('finds %s', async (_how, search, expected) => {
    expect(await found(search)).toEqual([...expected].sort());
  });

  it.each([
    ['inside a word', 'uillon'],
    ['inside a transaction id', 'QZ7K2M9Q4'],
    ["with other separators than the e-mail's", 'quillon-vastrebeck20'],
    ['across two fields', 'vastrebeck quillon'],
    ['separators alone', '@.'],
    ['LIKE wildcards, taken literally', '%'],
    ['an underscore, taken literally', '_'],
    ['a backslash', 'quillon\\'],
  ])('finds nothing %s', async (_how, search) => {
    expect(await found(search)).toEqual([]);
  });

  it('combines the search with the status filter', async () => {
    expect(await found('vastrebeck', '&status=failed')).toEqual([first]);
    expect(await found('vastrebeck', '&status=success')).toEqual([second]);
  });
});
