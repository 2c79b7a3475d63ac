import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface FormDialogProps {
  /** The dialog's heading and its accessible name. */
  title: string;
  /** A sentence under the title on what the form does; it describes the dialog. */
  description?: ReactNode;
  /** The fields; the first one takes the focus when the dialog opens. */
  children?: ReactNode;
  /**
   * The submit button: its text, its text while busy (the same when not given), its colour, and
   * whether it is disabled now (Enter does not submit then either).
   */
  submit: { label: string; busyLabel?: string; color?: 'primary' | 'error'; disabled?: boolean };
  /** The submission runs: the submit button is disabled and neither Escape nor the backdrop closes the dialog. */
  busy: boolean;
  /** Why the last try failed, said in the dialog and announced; nothing when there is none. */
  error?: string | null;
  /** Called on the submit button and on Enter in a field, unless busy or disabled. */
  onSubmit: () => void | Promise<void>;
  /** Closes the dialog: Cancel, Escape and the backdrop, when not busy. */
  onClose: () => void;
  /**
   * The other button, when it is not Cancel (which closes, and is disabled while busy): Back to an
   * earlier step, or a Cancel that stops the work under way.
   */
  cancel?: { label: string; onClick: () => void; disabled?: boolean };
  /** The form's own code checks the fields, with its own messages: the browser's checks do not run. */
  noValidate?: boolean;
  maxWidth?: 'xs' | 'sm';
}

/** The fields a person types in or chooses from. */
const fieldSelector = 'input, select, textarea, [role="combobox"]';

const takesFocus = (element: HTMLElement): boolean =>
  element.tabIndex >= 0 && !element.hidden && !element.matches(':disabled, [type="hidden"], [aria-hidden="true"], [aria-disabled="true"]');

/** When the form opens, its first field takes the focus, unless one of its fields has taken it already. */
function focusFirstField(form: HTMLFormElement | null) {
  if (!form || form.contains(form.ownerDocument.activeElement)) return;
  Array.from(form.querySelectorAll<HTMLElement>(fieldSelector)).find(takesFocus)?.focus();
}

/**
 * The one form in a dialog: a title that names it, the fields, an error line, Cancel and a submit
 * button. It is a form, so Enter in a field submits it; while the submission runs it cannot be
 * dismissed (by Cancel, Escape or the backdrop) nor sent again.
 */
export function FormDialog({
  title,
  description,
  children,
  submit,
  busy,
  error,
  onSubmit,
  onClose,
  cancel,
  noValidate = false,
  maxWidth = 'sm',
}: FormDialogProps) {
  const id = useId();
  const other = cancel ?? { label: 'Cancel', onClick: onClose, disabled: busy };
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (busy || submit.disabled) return;
    void onSubmit();
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
    >
      <Box component="form" ref={focusFirstField} onSubmit={send} noValidate={noValidate}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            {description ? <DialogContentText id={`${id}-text`}>{description}</DialogContentText> : null}
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            {children}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={other.onClick} disabled={other.disabled}>
            {other.label}
          </Button>
          <Button type="submit" variant="contained" color={submit.color ?? 'primary'} disabled={busy || submit.disabled}>
            {busy ? (submit.busyLabel ?? submit.label) : submit.label}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
