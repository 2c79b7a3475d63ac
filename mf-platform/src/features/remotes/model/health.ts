import { formatCount } from '@paydesk/shared/format';
import type { ReleaseHealth } from '@paydesk/shared/schemas/platform';

export type Counts = ReleaseHealth['hour'];
/** The two windows browsers' reports are counted over. */
export type HealthWindow = keyof ReleaseHealth;

/** A share is shown in percent: the factor that turns a fraction into one. */
const PERCENT = 100;
const share = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "12.5 %": a fraction of 1 as a percentage, with a space as the area writes its shares. */
export const formatShare = (fraction: number): string => `${share.format(fraction * PERCENT)} %`;

/** Failed loads and render errors per load, or null before any load was reported. */
export const failureRate = ({ loads, failures }: Counts): number | null => (loads > 0 ? failures / loads : null);

/** What browsers reported of a release in one window: "1,204 loads, 3 failed (0.2 %)". */
export function healthText(counts: Counts): string {
  const { loads, failures } = counts;
  if (loads === 0 && failures === 0) return 'No loads';
  const rate = failureRate(counts);
  if (failures === 0) return `${formatCount(loads)} ${loads === 1 ? 'load' : 'loads'}, none failed`;
  return `${formatCount(loads)} ${loads === 1 ? 'load' : 'loads'}, ${formatCount(failures)} failed${rate === null ? '' : ` (${formatShare(rate)})`}`;
}
