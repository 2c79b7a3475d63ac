/**
 * Loads the back office again from the server, so that the shell reads its remotes anew (a preview
 * that the server has just set for this browser, say). A module of its own, so tests can stand in for it.
 */
export function reloadShell(): void {
  window.location.assign('/control');
}
