import { generatePath } from 'react-router-dom';

/**
 * The Platform pages' addresses, as areas.json declares them under /control. They stay in this
 * remote: the shell knows a remote's pages only from its areas.json, never from shared routes.
 */
export const platformPaths = {
  remotes: '/control/platform',
  remote: '/control/platform/remotes/:name',
  deployTokens: '/control/platform/deploy-tokens',
} as const;

/** The page of one remote, by its container name. */
export const remotePath = (name: string): string => generatePath(platformPaths.remote, { name });
