import type { ReleaseStatus, RemoteRelease, RemoteSummary } from '@paydesk/shared/schemas/platform';
import type { StatusTone } from '@paydesk/shared/ui/status-chip';

const looks: Record<ReleaseStatus, { label: string; tone: StatusTone }> = {
  available: { label: 'Available', tone: 'neutral' },
  live: { label: 'Live', tone: 'success' },
  canary: { label: 'Canary', tone: 'warning' },
  rolled_back: { label: 'Rolled back', tone: 'grey' },
  refused: { label: 'Refused', tone: 'error' },
};

/** A release's status chip: a canary's names its share of users. */
export function statusLook(release: Pick<RemoteRelease, 'status' | 'canary_percent'>): { label: string; tone: StatusTone } {
  const look = looks[release.status];
  return release.status === 'canary' && release.canary_percent !== null
    ? { ...look, label: `${look.label} ${canaryShare(release.canary_percent)}` }
    : look;
}

/** A canary's share of users, which the API gives in whole percents: "10 %". */
export const canaryShare = (percent: number): string => `${percent} %`;

/** "1.5.0 · 10 %": a canary's version and its share. */
export const canaryText = (canary: Pick<RemoteRelease, 'version' | 'canary_percent'>): string =>
  canary.canary_percent === null ? canary.version : `${canary.version} · ${canaryShare(canary.canary_percent)}`;

/**
 * What may be promoted: a release that passed the gate and is not live for everyone (an
 * available or rolled-back one), and the canary, to everyone or to another share.
 */
export const isPromotable = (release: RemoteRelease): boolean =>
  release.status === 'available' || release.status === 'rolled_back' || release.status === 'canary';

/** Only a release that passed the gate and has never run may be previewed. */
export const isPreviewable = (release: RemoteRelease): boolean => release.status === 'available';

/**
 * The release a rollback returns to when no canary runs: the latest that was live before and is
 * available again, as the server chooses it; null when there is none (the server answers 409).
 */
export function rollbackTarget(remote: RemoteSummary): RemoteRelease | null {
  const earlier = remote.releases.filter((r) => r.status === 'available' && r.promoted_at !== null);
  earlier.sort((a, b) => Date.parse(b.promoted_at ?? '') - Date.parse(a.promoted_at ?? ''));
  return earlier[0] ?? null;
}

/** The newest release of any status (the list is newest first), for "last release". */
export const lastRelease = (remote: RemoteSummary): RemoteRelease | undefined => remote.releases[0];
