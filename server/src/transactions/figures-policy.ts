import { can, type Role } from '@paydesk/shared/roles';

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

/**
 * What a role may be sent. A role without `figures.real` never receives the stored fee or net:
 * the server replaces them, so the network shows no more than the screen.
 */
export function visibleFeeAndNet(role: Role, grossCents: number, real: FeeAndNet): FeeAndNet {
  return can(role, 'figures.real') ? real : viewerFeeAndNet(grossCents);
}

export interface RevenueFigures {
  revenueCents: number;
  netCents: number;
}

/**
 * DASH-08, REF-11: revenue is the sales less their succeeded refunds; net revenue is the sales'
 * net (as the role may see it) less the same refunds, since the fee of a refunded sale is not
 * returned.
 */
export function revenueNetOfRefunds(role: Role, sales: { grossCents: number; netCents: number }, refundsCents: number): RevenueFigures {
  const { netCents } = visibleFeeAndNet(role, sales.grossCents, { feeCents: sales.grossCents - sales.netCents, netCents: sales.netCents });
  return { revenueCents: sales.grossCents - refundsCents, netCents: netCents - refundsCents };
}
