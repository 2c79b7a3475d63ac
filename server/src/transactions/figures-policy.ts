import type { Permission } from '@paydesk/shared/roles';

/** ROLE-04, CONST-05: a viewer sees a fee of 10 % of gross and a net of 90 %. */
const VIEWER_FEE_PERCENT = 10;
const PERCENT = 100;

export interface FeeAndNet {
  feeCents: number;
  netCents: number;
}

export function viewerFeeAndNet(grossCents: number): FeeAndNet {
  const feeCents = Math.round((grossCents * VIEWER_FEE_PERCENT) / PERCENT);
  return { feeCents, netCents: grossCents - feeCents };
}

/** The caller's permissions (AuthContext.permissions): what decides the figures they are sent. */
export type Holder = ReadonlySet<Permission>;

/**
 * What a caller may be sent. Without `figures.real` (a viewer, or a custom role without it) the
 * stored fee or net is never sent: the server replaces them, so the network shows no more than
 * the screen (ROLE-04, PERM-02).
 */
export function visibleFeeAndNet(held: Holder, grossCents: number, real: FeeAndNet): FeeAndNet {
  return held.has('figures.real') ? real : viewerFeeAndNet(grossCents);
}

export interface RevenueFigures {
  revenueCents: number;
  netCents: number;
}

/** What left the balance again after the sales of a period, in cents (dashboard-repository.ts). */
export interface Returned {
  refundsCents: number;
  /** Disputed amounts withdrawn less those reinstated. */
  disputesCents: number;
  disputeFeesCents: number;
}

/**
 * DASH-08, DSP-17, REF-11: revenue is the sales less their succeeded refunds and the disputed
 * amounts; net revenue is the sales' net (as the caller may see it) less the same, since the fee
 * of a refunded or disputed sale is not returned, and less the dispute fees. A caller without
 * `figures.real` sees made-up fees (ROLE-04), so no dispute fee either: its net is 90 % of the
 * sales less what left.
 */
export function revenueNetOfRefunds(held: Holder, sales: { grossCents: number; netCents: number }, returned: Returned): RevenueFigures {
  const { netCents } = visibleFeeAndNet(held, sales.grossCents, { feeCents: sales.grossCents - sales.netCents, netCents: sales.netCents });
  const left = returned.refundsCents + returned.disputesCents;
  const disputeFees = held.has('figures.real') ? returned.disputeFeesCents : 0;
  return { revenueCents: sales.grossCents - left, netCents: netCents - left - disputeFees };
}
