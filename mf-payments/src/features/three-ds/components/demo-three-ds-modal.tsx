import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@paydesk/shared/format';

/**
 * CONST-03: countdown 120 s, verify delay 2 s, OTP length 6. The about 80 % success is the
 * server's to decide from the code (the sandbox issuer), never the page's.
 */
export const DEMO_COUNTDOWN_S = 120;
export const DEMO_VERIFY_DELAY_MS = 2000;
export const DEMO_OTP_LENGTH = 6;

interface DemoThreeDsModalProps {
  amount: number;
  /** Called once: with the six digits typed after Verify & Pay, or null when cancelled or out of time. */
  onDone: (otp: string | null) => void;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The Demo 3D Secure modal (PAY-11): simulated, any six digits are accepted. */
export function DemoThreeDsModal({ amount, onDone }: DemoThreeDsModalProps) {
  const [otp, setOtp] = useState('');
  const [remaining, setRemaining] = useState(DEMO_COUNTDOWN_S);
  const [verifying, setVerifying] = useState(false);
  const reported = useRef(false);
  const report = (code: string | null) => {
    if (reported.current) return;
    reported.current = true;
    onDone(code);
  };

  useEffect(() => {
    const timer = setInterval(() => setRemaining((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    // Time is up: the challenge is failed, as a cancelled one is.
    if (remaining === 0 && !verifying) report(null);
  });

  // The delay starts once, on Verify & Pay, and then reports with the latest onDone.
  const reportOtp = useEffectEvent(() => report(otp));
  useEffect(() => {
    if (!verifying) return undefined;
    const timer = setTimeout(reportOtp, DEMO_VERIFY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verifying]);

  const complete = otp.length === DEMO_OTP_LENGTH;
  return (
    <Dialog open fullWidth maxWidth="xs" aria-labelledby="demo-3ds-title">
      <DialogTitle id="demo-3ds-title">Demo 3D Secure</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>Simulated verification: enter any six digits to authorise {formatMoney(amount)}.</Typography>
        <TextField
          label="OTP"
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, DEMO_OTP_LENGTH))}
          disabled={verifying}
          fullWidth
          autoFocus
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { maxLength: DEMO_OTP_LENGTH, inputMode: 'numeric' } }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="demo-3ds-countdown">
          Time remaining: {clock(remaining)}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button color="error" disabled={verifying} onClick={() => report(null)}>
          Cancel Transaction
        </Button>
        <Button
          variant="contained"
          disabled={!complete || verifying || remaining === 0}
          onClick={() => setVerifying(true)}
          startIcon={verifying ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Verify & Pay
        </Button>
      </DialogActions>
    </Dialog>
  );
}
