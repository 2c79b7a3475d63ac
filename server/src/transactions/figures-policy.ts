import { can, type Role } from '@paydesk/shared/roles';

/** ROLE-04, CONST-05: a viewer sees a fee of 10 % of gross and a net of 90 %. */
const VIEWER_FEE_PERCENT = 10;

export interface FeeAndNet {
  feeCents: number;
  netCents: number;
}

export function viewerFeeAndNet(grossCents: number): FeeAndNet {
  const feeCents = Math.round((grossCents * VIEWER_FEE_PERCENT) / 100);
  return { feeCents, netCents: grossCents - feeCents };
}

/**
 * What a role may be sent. A role without `figures.real` never receives the stored fee or net:
 * the server replaces them, so the network shows no more than the screen.
 */
export function visibleFeeAndNet(role: Role, grossCents: number, real: FeeAndNet): FeeAndNet {
  return can(role, 'figures.real') ? real : viewerFeeAndNet(grossCents);
}
