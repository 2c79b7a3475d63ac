import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * The release registry of the federated remotes (`/api/platform`, permission platform.manage):
 * each version a team releases, the gate's verdict on it, and which one is live.
 */
export const containerName = z.string().regex(/^[a-z_][a-z0-9_]{0,63}$/i, 'A container name: letters, digits and _');
export const releaseVersion = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/, 'A version such as 1.4.0: letters, digits, . + _ -');

/** `available` (passed the gate), `live`, `rolled_back` (was live, replaced by a rollback), `refused` (by the gate). */
export const releaseStatus = z.enum(['available', 'live', 'rolled_back', 'refused']);
export type ReleaseStatus = z.infer<typeof releaseStatus>;

export const createReleaseRequest = z.object({
  version: releaseVersion,
  /** The URL of the remote's published folder, or of its mf-manifest.json or remoteEntry.js. */
  entry: z.string().trim().min(1).max(2048),
  /** `sha384-…` of remoteEntry.js; computed and recorded when absent. */
  integrity: z
    .string()
    .regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'An integrity such as sha384-… (base64 of the SHA-384 of remoteEntry.js)')
    .optional(),
});
export type CreateReleaseRequest = z.infer<typeof createReleaseRequest>;

export const remoteRelease = z.object({
  remote: z.string(),
  version: z.string(),
  /** The remote's remoteEntry.js; for a refused release, the entry as given (without credentials). */
  entry: z.string(),
  integrity: z.string().nullable(),
  status: releaseStatus,
  /** Why the gate refused it; null otherwise. */
  reason: z.string().nullable(),
  released_by: z.string().nullable(),
  released_at: isoDateTime,
  promoted_at: isoDateTime.nullable(),
});
export type RemoteRelease = z.infer<typeof remoteRelease>;

export const remoteSummary = z.object({
  name: z.string(),
  live: remoteRelease.nullable(),
  /** Newest first. */
  releases: z.array(remoteRelease),
});
export type RemoteSummary = z.infer<typeof remoteSummary>;
