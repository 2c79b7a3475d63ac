import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PublishedRemote {
  /** The folder's URL, ending in `/`. */
  url: string;
  close(): Promise<void>;
}

export const reportsArea = {
  path: 'reports',
  label: 'Reports',
  icon: 'bar_chart',
  permission: 'audit.view',
  module: 'ReportsPage',
  order: 90,
};

/**
 * A remote's published folder on a real HTTP server on loopback, as a team's CDN serves it: its
 * mf-manifest.json, areas.json and remoteEntry.js. Its process never waits for it to close.
 */
export async function publishRemote({
  name = 'mf_reports',
  exposes = ['ReportsPage'],
  shared = { react: '19.3.1' },
  areas = [reportsArea],
  entry = 'void 0;',
}: {
  name?: string;
  exposes?: string[];
  shared?: Record<string, string>;
  areas?: unknown[];
  entry?: string;
} = {}): Promise<PublishedRemote> {
  const files: Record<string, string> = {
    '/mf-manifest.json': JSON.stringify({
      id: name,
      name,
      exposes: exposes.map((expose) => ({ name: expose, path: `./${expose}` })),
      shared: Object.entries(shared).map(([pkg, version]) => ({ name: pkg, version, singleton: true })),
    }),
    '/areas.json': JSON.stringify({ areas }),
    '/remoteEntry.js': entry,
  };
  const server: Server = createServer((request, response) => {
    const body = files[request.url ?? ''];
    response.writeHead(body === undefined ? 404 : 200).end(body ?? 'Not found');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}
