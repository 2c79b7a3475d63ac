import {
  bundledPageFiles,
  chunkIntegrityAddress,
  exposeSharesAddress,
  manifestAddress,
  preloadLinkHeader,
  remoteChunkIntegrity,
  remotePageFiles,
  sharedCopyFiles,
} from '../src/frontends/page-files';

/** The parts of a real mf-manifest.json (mf-payments' build) that the hints read. */
const manifest = (publicPath: string, entryPath = '') => ({
  id: 'mf_payments',
  metaData: { publicPath, remoteEntry: { name: 'remoteEntry.js', path: entryPath, type: 'global' } },
  shared: [{ name: 'react', assets: { js: { sync: ['1234.aaaaaaaaaa.js'], async: [] }, css: { sync: [], async: [] } } }],
  exposes: [
    {
      id: 'mf_payments:PayFormPage',
      name: 'PayFormPage',
      path: './PayFormPage',
      assets: {
        js: { sync: ['8487.9e4fd9c31d.js', '__federation_expose_PayFormPage.1c3ff65eb5.js'], async: ['641.f4e394bf3a.js'] },
        css: { sync: ['pay.0123456789.css'], async: [] },
      },
    },
    {
      id: 'mf_payments:CheckoutPage',
      name: 'CheckoutPage',
      path: './CheckoutPage',
      assets: {
        js: { sync: ['641.f4e394bf3a.js', '8487.9e4fd9c31d.js', '__federation_expose_CheckoutPage.e61a423dab.js'], async: [] },
        css: { sync: [], async: [] },
      },
    },
  ],
});

describe('remotePageFiles', () => {
  test("a remote served here: its entry, then the expose's own chunks beside it (not its lazy ones, not the shared modules)", () => {
    expect(remotePageFiles(manifest('auto'), 'PayFormPage', '/remotes/mf-payments/remoteEntry.js')).toEqual([
      '/remotes/mf-payments/remoteEntry.js',
      '/remotes/mf-payments/8487.9e4fd9c31d.js',
      '/remotes/mf-payments/__federation_expose_PayFormPage.1c3ff65eb5.js',
      '/remotes/mf-payments/pay.0123456789.css',
    ]);
    expect(remotePageFiles(manifest('auto'), 'CheckoutPage', '/remotes/mf-payments/remoteEntry.js')).toEqual([
      '/remotes/mf-payments/remoteEntry.js',
      '/remotes/mf-payments/641.f4e394bf3a.js',
      '/remotes/mf-payments/8487.9e4fd9c31d.js',
      '/remotes/mf-payments/__federation_expose_CheckoutPage.e61a423dab.js',
    ]);
  });

  test('a remote on a CDN keeps its address, protocol-relative ones included', () => {
    expect(remotePageFiles(manifest('auto'), 'PayFormPage', 'https://cdn.example.com/mf-payments/1.4.0/remoteEntry.js')[1]).toBe(
      'https://cdn.example.com/mf-payments/1.4.0/8487.9e4fd9c31d.js',
    );
    expect(remotePageFiles(manifest('auto'), 'PayFormPage', '//cdn.example.com/mf-payments/remoteEntry.js').slice(0, 2)).toEqual([
      '//cdn.example.com/mf-payments/remoteEntry.js',
      '//cdn.example.com/mf-payments/8487.9e4fd9c31d.js',
    ]);
  });

  test('a public path set at build time, or an entry in a folder of the build, is where the chunks are', () => {
    expect(remotePageFiles(manifest('https://static.example.com/pay/'), 'PayFormPage', '/remotes/mf-payments/remoteEntry.js')[1]).toBe(
      'https://static.example.com/pay/8487.9e4fd9c31d.js',
    );
    expect(remotePageFiles(manifest('auto', 'entry/'), 'PayFormPage', '/remotes/mf-payments/entry/remoteEntry.js')[1]).toBe(
      '/remotes/mf-payments/8487.9e4fd9c31d.js',
    );
  });

  test('without a usable manifest or expose, the entry alone; an entry relative to the page, nothing', () => {
    const entry = '/remotes/mf-payments/remoteEntry.js';
    expect(remotePageFiles(undefined, 'PayFormPage', entry)).toEqual([entry]);
    expect(remotePageFiles({ exposes: 'no' }, 'PayFormPage', entry)).toEqual([entry]);
    expect(remotePageFiles(manifest('auto'), 'NoSuchPage', entry)).toEqual([entry]);
    expect(remotePageFiles({ ...manifest('auto'), metaData: { getPublicPath: 'return window.cdn' } }, 'PayFormPage', entry)).toEqual([
      entry,
    ]);
    expect(remotePageFiles(manifest('auto'), 'PayFormPage', 'remotes/mf-payments/remoteEntry.js')).toEqual([]);
  });

  test('a file name a Link header could misread is left out', () => {
    const bad = manifest('auto');
    bad.exposes[0]!.assets.js.sync = [
      'ok.0123456789.js',
      'x.js>; rel=preload; as=script, <https://evil.example/a.js',
      'javascript:alert(1).js',
      'a b.js',
    ];
    expect(remotePageFiles(bad, 'PayFormPage', '/r/remoteEntry.js')).toEqual([
      '/r/remoteEntry.js',
      '/r/ok.0123456789.js',
      '/r/pay.0123456789.css',
    ]);
  });
});

test('manifestAddress: mf-manifest.json beside the entry', () => {
  expect(manifestAddress('/remotes/mf-payments/remoteEntry.js')).toBe('/remotes/mf-payments/mf-manifest.json');
  expect(manifestAddress('https://cdn.example.com/mf-payments/1.4.0/remoteEntry.js?v=2')).toBe(
    'https://cdn.example.com/mf-payments/1.4.0/mf-manifest.json',
  );
  expect(manifestAddress('remoteEntry.js')).toBeUndefined();
});

test('chunkIntegrityAddress: chunk-integrity.json beside the entry', () => {
  expect(chunkIntegrityAddress('/remotes/mf-payments/remoteEntry.js')).toBe('/remotes/mf-payments/chunk-integrity.json');
  expect(chunkIntegrityAddress('//cdn.example.com/mf-payments/remoteEntry.js')).toBe('//cdn.example.com/mf-payments/chunk-integrity.json');
  expect(chunkIntegrityAddress('remoteEntry.js')).toBeUndefined();
});

describe('remoteChunkIntegrity', () => {
  const hash = (letter: string) => `sha384-${letter.repeat(64)}`;
  const listed = { '8487.9e4fd9c31d.js': hash('A'), 'pay.0123456789.css': hash('B') };

  test('each listed chunk by the address remotePageFiles gives it, wherever the chunks are', () => {
    expect(remoteChunkIntegrity(listed, manifest('auto'), '/remotes/mf-payments/remoteEntry.js')).toEqual({
      '/remotes/mf-payments/8487.9e4fd9c31d.js': hash('A'),
      '/remotes/mf-payments/pay.0123456789.css': hash('B'),
    });
    expect(remoteChunkIntegrity(listed, manifest('auto', 'entry/'), '//cdn.example.com/pay/entry/remoteEntry.js')).toMatchObject({
      '//cdn.example.com/pay/8487.9e4fd9c31d.js': hash('A'),
    });
    expect(remoteChunkIntegrity(listed, manifest('https://static.example.com/pay/'), '/remotes/mf-payments/remoteEntry.js')).toMatchObject({
      'https://static.example.com/pay/8487.9e4fd9c31d.js': hash('A'),
    });
  });

  test('nothing a Link header could misread, and nothing without a list or a usable manifest', () => {
    const entry = '/r/remoteEntry.js';
    const odd = { 'x.js>; rel=preload': hash('A'), 'ok.js': 'sha384-"; rel=preload', 'md5.js': 'md5-abc', 'good.js': hash('C') };
    expect(remoteChunkIntegrity(odd, manifest('auto'), entry)).toEqual({ '/r/good.js': hash('C') });
    expect(remoteChunkIntegrity(undefined, manifest('auto'), entry)).toEqual({});
    expect(remoteChunkIntegrity(listed, undefined, entry)).toEqual({});
    expect(remoteChunkIntegrity(listed, manifest('auto'), 'remoteEntry.js')).toEqual({});
  });
});

test('exposeSharesAddress: expose-shares.json beside the entry', () => {
  expect(exposeSharesAddress('/remotes/mf-payments/remoteEntry.js')).toBe('/remotes/mf-payments/expose-shares.json');
  expect(exposeSharesAddress('https://cdn.example.com/pay/remoteEntry.js')).toBe('https://cdn.example.com/pay/expose-shares.json');
  expect(exposeSharesAddress('remoteEntry.js')).toBeUndefined();
});

describe('sharedCopyFiles', () => {
  const shares = { CheckoutPage: ['react', '@paydesk/shared/api/api-error', 'zod'], PayFormPage: ['react'] };
  const files = { '@paydesk/shared/api/api-error': ['/3861.ed54ee7029.js'], zod: ['/197.d6f2e8ff85.js', '/3861.ed54ee7029.js'] };

  test("the shell's scripts for the shared modules the expose consumes, once each; none for what its page loads anyway", () => {
    expect(sharedCopyFiles(shares, files, 'CheckoutPage')).toEqual(['/3861.ed54ee7029.js', '/197.d6f2e8ff85.js']);
    expect(sharedCopyFiles(shares, files, 'PayFormPage')).toEqual([]); // react is on the shell's page
    expect(sharedCopyFiles(shares, files, 'NoSuchPage')).toEqual([]);
  });

  test('nothing from a file of another shape, nothing a Link header could misread, nothing of another origin', () => {
    expect(sharedCopyFiles(undefined, files, 'CheckoutPage')).toEqual([]);
    expect(sharedCopyFiles(shares, ['/a.js'], 'CheckoutPage')).toEqual([]);
    expect(sharedCopyFiles({ CheckoutPage: 'zod' }, files, 'CheckoutPage')).toEqual([]);
    expect(sharedCopyFiles(shares, files, 'toString')).toEqual([]);
    const odd = { zod: ['//cdn.example.com/x.js', 'https://evil.example/x.js', '/x.js>; rel=preload', 'y.js', 7, '/ok.1234567890.js'] };
    expect(sharedCopyFiles(shares, odd, 'CheckoutPage')).toEqual(['/ok.1234567890.js']);
  });
});

test("bundledPageFiles: a page the shell bundles, listed by its remote module's id", () => {
  const pageChunks = {
    'mf_payments/PayFormPage': ['/285.f3a401fdce.js', '/mf_payments/PayFormPage.21c0b61f37.js', 'relative.js', '//cdn.example.com/x.js', 7],
  };
  expect(bundledPageFiles(pageChunks, 'mf_payments/PayFormPage')).toEqual(['/285.f3a401fdce.js', '/mf_payments/PayFormPage.21c0b61f37.js']);
  expect(bundledPageFiles(pageChunks, 'mf_payments/CheckoutPage')).toBeUndefined();
  expect(bundledPageFiles(undefined, 'mf_payments/PayFormPage')).toBeUndefined();
  expect(bundledPageFiles(pageChunks, 'toString')).toBeUndefined();
});

test('preloadLinkHeader: scripts as scripts, style sheets as styles, nothing for no files', () => {
  expect(preloadLinkHeader(['/a.js', 'https://cdn.example.com/b.css'])).toBe(
    '</a.js>; rel=preload; as=script, <https://cdn.example.com/b.css>; rel=preload; as=style',
  );
  expect(preloadLinkHeader([])).toBeUndefined();
  // A file loaded with a hash is preloaded with it, in CORS mode.
  const integrity = `sha384-${'A'.repeat(64)}`;
  expect(preloadLinkHeader(['/a.js', '/b.js'], { '/b.js': integrity })).toBe(
    `</a.js>; rel=preload; as=script, </b.js>; rel=preload; as=script; crossorigin=anonymous; integrity="${integrity}"`,
  );
});
