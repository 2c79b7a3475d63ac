import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPreloadLinks } from '../src/frontends/preload-links';
import { MAX_AGE_MS, REFRESH_MS } from '../src/frontends/remote-files';
import { buildTestApp, type TestApp } from './helper';

/** An mf-manifest.json whose PayFormPage expose needs these chunks. */
const mfManifest = (...chunks: string[]) =>
  JSON.stringify({
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'PayFormPage', path: './PayFormPage', assets: { js: { sync: chunks, async: [] }, css: { sync: [], async: [] } } }],
  });

/** Built front ends: a shell page and mf-payments, as `npm run build` leaves them. */
function fakeFrontends(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-preload-'));
  mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root"></div><script defer src="/main.js"></script>');
  mkdirSync(join(dir, 'mf-payments', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'mf-payments', 'dist', 'remoteEntry.js'), 'void 0;');
  writeFileSync(
    join(dir, 'mf-payments', 'dist', 'mf-manifest.json'),
    mfManifest('8487.1111111111.js', '__federation_expose_PayFormPage.2222222222.js'),
  );
  return dir;
}

/** The addresses a Link header preloads. */
const preloaded = (link: string | undefined) => [...(link ?? '').matchAll(/<([^>]+)>; rel=preload; as=\w+/g)].map((match) => match[1]);

let frontends: string;
beforeEach(() => {
  frontends = fakeFrontends();
});
afterEach(() => rmSync(frontends, { recursive: true, force: true }));

describe('remotes served by this server', () => {
  test("a payer page's remote entry and its expose's chunks, from the remote's own build", () => {
    const links = createPreloadLinks({ frontendsDir: frontends });
    expect(preloaded(links('/'))).toEqual([
      '/remotes/mf-payments/remoteEntry.js',
      '/remotes/mf-payments/8487.1111111111.js',
      '/remotes/mf-payments/__federation_expose_PayFormPage.2222222222.js',
    ]);
    expect(preloaded(links('/checkout/chk_abc'))).toEqual(['/remotes/mf-payments/remoteEntry.js']); // this manifest has no CheckoutPage
    expect(links('/control/dashboard')).toBeUndefined();
    expect(links('/no/such/page')).toBeUndefined();
  });

  test('the remote redeployed alone: the next page load has its new files', () => {
    const links = createPreloadLinks({ frontendsDir: frontends });
    expect(preloaded(links('/'))).toContain('/remotes/mf-payments/8487.1111111111.js');
    const file = join(frontends, 'mf-payments', 'dist', 'mf-manifest.json');
    writeFileSync(file, mfManifest('9999.3333333333.js', '__federation_expose_PayFormPage.4444444444.js'));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000)); // a new modification time even on a coarse clock
    expect(preloaded(links('/'))).toEqual([
      '/remotes/mf-payments/remoteEntry.js',
      '/remotes/mf-payments/9999.3333333333.js',
      '/remotes/mf-payments/__federation_expose_PayFormPage.4444444444.js',
    ]);
    writeFileSync(file, '{}'); // a manifest without the expose: the entry alone
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    expect(preloaded(links('/'))).toEqual(['/remotes/mf-payments/remoteEntry.js']);
  });

  test('the chunks its build hashed are preloaded with their integrity, in CORS mode, as its runtime loads them', () => {
    const integrity = `sha384-${'B'.repeat(64)}`;
    writeFileSync(
      join(frontends, 'mf-payments', 'dist', 'chunk-integrity.json'),
      JSON.stringify({ '__federation_expose_PayFormPage.2222222222.js': integrity }),
    );
    expect(createPreloadLinks({ frontendsDir: frontends })('/')).toBe(
      '</remotes/mf-payments/remoteEntry.js>; rel=preload; as=script, </remotes/mf-payments/8487.1111111111.js>; rel=preload; as=script, ' +
        `</remotes/mf-payments/__federation_expose_PayFormPage.2222222222.js>; rel=preload; as=script; crossorigin=anonymous; integrity="${integrity}"`,
    );
  });

  test("the shell's copies of the shared modules the page consumes that the shell's page does not load", () => {
    const dist = (dir: string, file: string) => join(frontends, dir, 'dist', file);
    writeFileSync(dist('mf-payments', 'expose-shares.json'), JSON.stringify({ PayFormPage: ['react', '@paydesk/shared/api/api-error'] }));
    const links = createPreloadLinks({ frontendsDir: frontends });
    expect(preloaded(links('/'))).toHaveLength(3); // the shell's build lists none of them
    writeFileSync(dist('shell', 'shared-files.json'), JSON.stringify({ '@paydesk/shared/api/api-error': ['/3861.5555555555.js'] }));
    expect(links('/')).toBe(
      '</remotes/mf-payments/remoteEntry.js>; rel=preload; as=script, </remotes/mf-payments/8487.1111111111.js>; rel=preload; as=script, ' +
        '</remotes/mf-payments/__federation_expose_PayFormPage.2222222222.js>; rel=preload; as=script, </3861.5555555555.js>; rel=preload; as=script',
    );
  });

  test("a shell that bundles the page itself: its page-chunks.json, and no remote's", () => {
    writeFileSync(
      join(frontends, 'shell', 'dist', 'page-chunks.json'),
      JSON.stringify({ 'mf_payments/PayFormPage': ['/285.aaaaaaaaaa.js', '/mf_payments/PayFormPage.bbbbbbbbbb.js'] }),
    );
    const links = createPreloadLinks({ frontendsDir: frontends });
    expect(preloaded(links('/'))).toEqual(['/285.aaaaaaaaaa.js', '/mf_payments/PayFormPage.bbbbbbbbbb.js']);
    expect(preloaded(links('/checkout/chk_abc'))).toEqual(['/remotes/mf-payments/remoteEntry.js']); // not listed there
  });
});

describe('a remote deployed elsewhere (REMOTES_MANIFEST)', () => {
  const cdn = 'https://cdn.example.com/mf-payments/1.4.0/';
  let clock: number;
  let answers: Record<string, unknown>;
  let asked: string[];
  const deploy = (entry: string) =>
    writeFileSync(join(frontends, 'remotes.json'), JSON.stringify({ remotes: [{ name: 'mf_payments', entry, version: '1.4.0' }] }));
  const setUp = () =>
    createPreloadLinks({
      frontendsDir: frontends,
      remotesManifest: join(frontends, 'remotes.json'),
      now: () => clock,
      fetchJson: async (url) => {
        asked.push(url);
        if (!(url in answers)) throw new Error('404');
        return answers[url];
      },
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(() => {
    clock = 1_000_000;
    asked = [];
    answers = { [`${cdn}mf-manifest.json`]: JSON.parse(mfManifest('8487.1111111111.js')) };
    deploy(`${cdn}remoteEntry.js`);
  });

  test('fetched in the background: the page never waits for it, and later pages get the chunks', async () => {
    const links = setUp();
    expect(preloaded(links('/'))).toEqual([`${cdn}remoteEntry.js`]);
    expect(preloaded(links('/'))).toEqual([`${cdn}remoteEntry.js`]);
    await settle();
    // One fetch of each at a time.
    expect(asked).toEqual([`${cdn}mf-manifest.json`, `${cdn}chunk-integrity.json`, `${cdn}expose-shares.json`]);
    expect(preloaded(links('/'))).toEqual([`${cdn}remoteEntry.js`, `${cdn}8487.1111111111.js`]);
  });

  test("the shell's copies a remote elsewhere consumes, from its expose-shares.json and this server's shell", async () => {
    answers[`${cdn}expose-shares.json`] = { PayFormPage: ['zod'] };
    writeFileSync(join(frontends, 'shell', 'dist', 'shared-files.json'), JSON.stringify({ zod: ['/197.5555555555.js'] }));
    const links = setUp();
    links('/');
    await settle();
    expect(preloaded(links('/'))).toEqual([`${cdn}remoteEntry.js`, `${cdn}8487.1111111111.js`, '/197.5555555555.js']);
  });

  test('fetched again after REFRESH_MS, and never used once MAX_AGE_MS old (a remote redeployed at the same address)', async () => {
    const links = setUp();
    links('/');
    await settle();
    clock += REFRESH_MS - 1;
    expect(preloaded(links('/'))).toContain(`${cdn}8487.1111111111.js`);
    expect(asked).toHaveLength(3);
    clock += 1;
    answers[`${cdn}mf-manifest.json`] = JSON.parse(mfManifest('5555.6666666666.js'));
    expect(preloaded(links('/'))).toContain(`${cdn}8487.1111111111.js`); // still fresh enough while it refreshes
    await settle();
    expect(preloaded(links('/'))).toEqual([`${cdn}remoteEntry.js`, `${cdn}5555.6666666666.js`]);
    delete answers[`${cdn}mf-manifest.json`]; // the CDN stops answering
    clock += MAX_AGE_MS;
    expect(preloaded(links('/'))).toEqual([`${cdn}remoteEntry.js`]);
  });

  test("remotes.json pointed at a new version: its files at once, never the old version's", async () => {
    const links = setUp();
    links('/');
    await settle();
    const next = 'https://cdn.example.com/mf-payments/1.5.0/';
    answers[`${next}mf-manifest.json`] = JSON.parse(mfManifest('7777.8888888888.js'));
    deploy(`${next}remoteEntry.js`);
    expect(preloaded(links('/'))).toEqual([`${next}remoteEntry.js`]);
    await settle();
    expect(preloaded(links('/'))).toEqual([`${next}remoteEntry.js`, `${next}7777.8888888888.js`]);
  });

  test('a released entry is preloaded with its integrity, in the CORS mode the page loads it in; its chunks as they are', async () => {
    const integrity = `sha384-${'A'.repeat(64)}`;
    writeFileSync(
      join(frontends, 'remotes.json'),
      JSON.stringify({ remotes: [{ name: 'mf_payments', entry: `${cdn}remoteEntry.js`, version: '1.4.0', integrity }] }),
    );
    const links = setUp();
    links('/');
    await settle();
    expect(links('/')).toBe(
      `<${cdn}remoteEntry.js>; rel=preload; as=script; crossorigin=anonymous; integrity="${integrity}", <${cdn}8487.1111111111.js>; rel=preload; as=script`,
    );
  });

  test("a remote's chunks are preloaded with the integrity its chunk-integrity.json gives, once fetched", async () => {
    const integrity = `sha384-${'C'.repeat(64)}`;
    answers[`${cdn}chunk-integrity.json`] = { '8487.1111111111.js': integrity };
    const links = setUp();
    expect(links('/')).toBe(`<${cdn}remoteEntry.js>; rel=preload; as=script`);
    await settle();
    expect(links('/')).toBe(
      `<${cdn}remoteEntry.js>; rel=preload; as=script, <${cdn}8487.1111111111.js>; rel=preload; as=script; crossorigin=anonymous; integrity="${integrity}"`,
    );
  });

  test('an unreadable remotes.json: no hints', () => {
    writeFileSync(join(frontends, 'remotes.json'), '{ not json');
    expect(setUp()('/')).toBeUndefined();
  });
});

describe('the pages the server sends', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ FRONTENDS_DIR: frontends });
  });
  afterEach(() => t.close());

  test.each(['/', '/?amount=5', '/checkout/chk_abc'])('%s comes with a Link header for its remote files', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(preloaded(String(response.headers.link))).toContain('/remotes/mf-payments/remoteEntry.js');
  });

  test('when the releases cannot be read, a payer page still comes, without hints', async () => {
    await t.db.query('alter table remote_releases rename to remote_releases_gone');
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBeUndefined();
  });

  test('the back office, unknown pages, files and API calls do not', async () => {
    for (const url of ['/control/dashboard', '/no/such/page', '/remotes/mf-payments/remoteEntry.js', '/remotes.json', '/healthz']) {
      expect((await t.app.inject({ url })).headers.link).toBeUndefined();
    }
  });
});
