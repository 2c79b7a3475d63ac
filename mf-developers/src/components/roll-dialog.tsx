import { useState, type ReactNode } from 'react';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { graceHours, graceOptions, parseGrace, type GraceValue } from '../lib/grace';

interface RollDialogProps {
  title: string;
  /** What rolling replaces, above the choice of grace. */
  children: ReactNode;
  /** The grace's label: how long the old one keeps working ("Old key expires"). */
  graceLabel: string;
  submitLabel: string;
  busy: boolean;
  /** Rolls with the chosen grace (24 hours unless changed), in hours. */
  onRoll: (graceHours: number) => void | Promise<void>;
  onClose: () => void;
}

/**
 * Roll an API key (KEY-05) or an endpoint's signing secret (DEV-05): a new one now, the old one
 * working for the chosen grace. Confirmed by its button.
 */
export function RollDialog({ title, children, graceLabel, submitLabel, busy, onRoll, onClose }: RollDialogProps) {
  const [grace, setGrace] = useState<GraceValue>('24');
  return (
    <FormDialog
      title={title}
      description={children}
      submit={{ label: submitLabel, busyLabel: 'Rolling...' }}
      busy={busy}
      onSubmit={() => onRoll(graceHours(grace))}
      onClose={onClose}
      maxWidth="xs"
    >
      <OptionsSelectField label={graceLabel} value={grace} options={graceOptions} onChange={(value) => setGrace(parseGrace(value))} />
    </FormDialog>
  );
}
