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

/**
 * `available` (passed the gate), `live`, `canary` (live for a share of users), `rolled_back` (was
 * live or a canary, ended by a rollback), `refused` (by the gate).
 */
export const releaseStatus = z.enum(['available', 'live', 'canary', 'rolled_back', 'refused']);
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
  /** Why the gate refused it, or why the server rolled it back on its own; null otherwise. */
  reason: z.string().nullable(),
  released_by: z.string().nullable(),
  released_at: isoDateTime,
  promoted_at: isoDateTime.nullable(),
  /** A canary's share of users, 1 to 99; null otherwise. */
  canary_percent: z.number().int().nullable(),
});
export type RemoteRelease = z.infer<typeof remoteRelease>;

const reportedCounts = z.object({ loads: z.number().int(), failures: z.number().int() });
/**
 * What browsers reported of a release (loads, and failed loads or render errors) over the last
 * hour and the last 24 hours, counted per clock hour: `hour` is this clock hour and the one before.
 */
export const releaseHealth = z.object({ hour: reportedCounts, day: reportedCounts });
export type ReleaseHealth = z.infer<typeof releaseHealth>;
export const releaseWithHealth = remoteRelease.extend({ health: releaseHealth });
export type ReleaseWithHealth = z.infer<typeof releaseWithHealth>;

/** Live for everyone (100, the default), or a canary for that share of users (1 to 99). */
export const promoteRequest = z.object({ percent: z.number().int().min(1).max(100).default(100) });

export const remoteSummary = z.object({
  name: z.string(),
  live: releaseWithHealth.nullable(),
  canary: releaseWithHealth.nullable(),
  /** Newest first. */
  releases: z.array(releaseWithHealth),
});
export type RemoteSummary = z.infer<typeof remoteSummary>;

/**
 * A release a super_admin tries in their own browser before it goes live: their /remotes.json
 * loads it instead of the live one until `expires_at`, or until they end it.
 */
export const releasePreview = z.object({ remote: z.string(), version: z.string(), expires_at: isoDateTime });
export type ReleasePreview = z.infer<typeof releasePreview>;

/** A deploy token: releases one remote, and nothing else (`Authorization: Bearer pdt_…`). */
export const createDeployTokenRequest = z.object({ remote: containerName });
export type CreateDeployTokenRequest = z.infer<typeof createDeployTokenRequest>;

export const deployToken = z.object({
  id: z.string(),
  remote: z.string(),
  /** The token's first characters, to tell it apart: `pdt_xxxxxxxx`. */
  prefix: z.string(),
  created_by: z.string().nullable(),
  created_at: isoDateTime,
  last_used_at: isoDateTime.nullable(),
  revoked_at: isoDateTime.nullable(),
});
export type DeployToken = z.infer<typeof deployToken>;

/** Answered once, when the token is made: the token itself is never shown again. */
export const createdDeployToken = deployToken.extend({ token: z.string() });
export type CreatedDeployToken = z.infer<typeof createdDeployToken>;

/**
 * What the shell reports of a remote (`POST /api/platform/remote-reports`, no sign-in: payer pages
 * report too): a load, a load that failed, or a render error its area's boundary caught. No
 * personal data: the remote, its version, the phase and the error's message.
 */
export const remoteReportPhase = z.enum(['loaded', 'load_failed', 'render_failed']);
export type RemoteReportPhase = z.infer<typeof remoteReportPhase>;
export const remoteReport = z.object({
  remote: containerName,
  version: releaseVersion,
  phase: remoteReportPhase,
  message: z.string().max(300).optional(),
});
export type RemoteReport = z.infer<typeof remoteReport>;
export const remoteReports = z.object({ reports: z.array(remoteReport).min(1).max(20) });
