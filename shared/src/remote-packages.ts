import list from './remote-packages.json';

/**
 * The remotes of the product, written once (remote-packages.json): the package folder, the
 * federation container name and the `npm run dev` port of each. The build and start scripts,
 * jest, each remote's webpack configuration, the server (what it serves and lists in
 * /remotes.json) read it; the static files that cannot (package.json
 * workspaces, tsconfig.json) are checked against it by remote-packages.test.ts.
 */
export interface RemotePackage {
  /** Package folder at the repository root, e.g. `mf-cards`; its build is served under /remotes/<dir>/. */
  dir: string;
  /** Federation container name, e.g. `mf_cards`: the first half of a module id `mf_cards/CardsPage`. */
  name: string;
  /** Port of the remote's standalone `npm run dev`. */
  devPort: number;
}

export const remotePackages: readonly RemotePackage[] = list;

/** The listed remote whose container a module id (`container/Expose`) names, if any. */
export const remoteOfModule = (id: string): RemotePackage | undefined => remotePackages.find(({ name }) => id.startsWith(`${name}/`));
