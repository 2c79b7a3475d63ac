import { buildTestApp, bearer } from './helper';
test('x', async () => {
  const t = await buildTestApp();
  const sk = bearer(t.config.secretKey);
  for (const depth of [10, 100, 1000, 3000, 10000]) {
    const meta = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const r = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { ...sk, 'content-type': 'application/json' }, payload: `{"first_name":"a","last_name":"L","email":"a@b.co","phone":"1","amount":1,"metadata":${meta}}` });
    let v: unknown = null;
    if (r.statusCode === 201) { const ref = (r.json() as any).data.reference; const x = await t.app.inject({ url: `/api/checkout/validate/${ref}`, headers: bearer(t.config.publishableKey) }); v = x.statusCode; }
    console.log(depth, r.statusCode, r.body.slice(0, 100), v);
  }
  const big = JSON.stringify({ a: 'x'.repeat(900_000) });
  const r = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { ...sk, 'content-type': 'application/json' }, payload: `{"first_name":"a","last_name":"L","email":"a@b.co","phone":"1","amount":1,"metadata":${big}}` });
  console.log('big', r.statusCode, r.body.slice(0, 100));
  console.log(JSON.stringify(t.logs.lines.filter((l) => (l.level as number) >= 50).map((l) => [(l.err as any)?.message ?? l.msg]), null, 1));
  await t.close();
}, 60000);
