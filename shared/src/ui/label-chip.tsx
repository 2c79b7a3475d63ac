import Chip, { type ChipProps } from '@mui/material/Chip';

type LabelChipProps = {
  label: string;
  /** `warning` marks what is not real money or not real payments (Sample, Sandbox). */
  tone?: 'default' | 'warning';
  variant?: 'outlined' | 'filled';
} & Omit<ChipProps, 'label' | 'color' | 'size' | 'variant'>;

/**
 * The one chip that is no status: a name among others (an event type) or a mark on a figure or
 * the top bar. A status is a `StatusChip`.
 */
export function LabelChip({ label, tone = 'default', variant = 'outlined', ...rest }: LabelChipProps) {
  return <Chip size="small" label={label} color={tone} variant={variant} {...rest} />;
}
