import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from './helper';

/**
 * A real listening server and raw sockets: a client that starts a request and stalls must not
 * keep its connection. REQUEST_TIMEOUT_SECONDS is set to its least, one second.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT_SECONDS: '1', PAYDESK_MODE: 'demo' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends `sent` and then nothing more; resolves with all the server wrote once it closes the connection. */
function stall(sent: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(sent));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', fail);
    socket.on('close', () => done(answer));
  });
}

const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

test('a body that stops half-way gets 408 and its connection is closed', async () => {
  const answer = await stall(
    'POST /api/sandbox/acs/challenge HTTP/1.1\r\nHost: paydesk.test\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
      'Content-Length: 200\r\n\r\ntransaction_id=TXN',
  );
  expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(bodyOf(answer)).toEqual({ status: 'error', message: 'The request did not arrive in time', code: 'request_timeout' });
});

test('headers that stop half-way get 408 and the connection is closed', async () => {
  const answer = await stall('POST /demo/merchant/checkout HTTP/1.1\r\nHost: paydesk.test\r\nContent-Type: appli');
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
});

test('a connection that sends nothing is closed', async () => {
  expect(await stall('')).toMatch(/^HTTP\/1\.1 408 /);
});

test('many stalled connections are all let go, and the server still answers', async () => {
  const partial =
    'POST /demo/merchant/checkout HTTP/1.1\r\nHost: paydesk.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"amo';
  const answers = await Promise.all(Array.from({ length: 50 }, () => stall(partial)));
  for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
});

test('a whole request that arrives in time is answered as usual', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/sandbox/acs/acs.css`);
  expect(response.status).toBe(200);
});
