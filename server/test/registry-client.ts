import type { RemoteSummary } from '@paydesk/shared/schemas/platform';
import type { TestApp } from './helper';

/** The release registry's calls, as a super_admin (or, with other headers, anyone) makes them. */
export function registryClient(t: TestApp, superAdmin: Record<string, string>) {
  const post = (url: string, payload?: object, headers = superAdmin) =>
    t.app.inject({ method: 'POST', url: `/api/platform/remotes${url}`, headers, payload });
  return {
    post,
    release: (version: string, entry: string, remote = 'mf_reports') => post(`/${remote}/releases`, { version, entry }),
    remotesJson: async () =>
      (
        (await t.app.inject({ url: '/remotes.json' })).json() as {
          remotes: { name: string; version: string; entry: string; areas: unknown[] }[];
        }
      ).remotes,
    historyOf: async (name: string) => {
      const list = (await t.app.inject({ url: '/api/platform/remotes', headers: superAdmin })).json() as { data: RemoteSummary[] };
      return list.data.find((remote) => remote.name === name);
    },
  };
}
