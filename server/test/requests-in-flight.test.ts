import { connect } from 'node:net';
import { buildTestApp, type TestApp } from './helper';
import { eventually } from './webhook-receiver';

/** The load that background work yields to counts every request until its response closes. */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

it('counts requests while they are served and forgets answered and abandoned ones', async () => {
  await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/livez`).then((r) => r.text())));
  expect(t.app.requestsInFlight.now()).toBe(0);

  // A body that never finishes arriving: in flight until the client gives up.
  const socket = connect(port, '127.0.0.1');
  await new Promise((done) => socket.once('connect', done));
  socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em');
  await eventually(() => t.app.requestsInFlight.now() === 1);
  socket.destroy();
  await eventually(() => t.app.requestsInFlight.now() === 0);
});
