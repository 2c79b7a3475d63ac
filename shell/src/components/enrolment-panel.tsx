import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CodeField } from './code-field';
import Typography from '@mui/material/Typography';
import type { EnrolmentData } from '@paydesk/shared/schemas/two-factor';

/** The manual key in groups of four, as authenticator apps print it. */
const grouped = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * AUTH-10: the QR code (an SVG the server drew: no QR code library in the page) and the manual
 * key, then the first code that confirms them.
 */
export function EnrolmentPanel({
  enrolment,
  busy,
  onConfirm,
}: {
  enrolment: EnrolmentData;
  busy: boolean;
  onConfirm: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(code.trim());
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>Scan this QR code with your authenticator app, or type the key by hand, then enter the 6-digit code it shows.</Typography>
      <Box
        component="img"
        src={enrolment.qr_code}
        alt="QR code for your authenticator app"
        sx={{ width: 200, height: 200, bgcolor: '#fff', justifySelf: 'center' }}
      />
      <Box>
        <Typography variant="body2" color="text.secondary">
          Manual key
        </Typography>
        <Typography data-testid="two-factor-manual-key" sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-all' }}>
          {grouped(enrolment.secret)}
        </Typography>
      </Box>
      <CodeField label="Verification code" value={code} onChange={setCode} />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Verifying...' : 'Turn On'}
      </Button>
    </Box>
  );
}

/** AUTH-11: the ten recovery codes, shown once. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography>
        Keep these recovery codes somewhere safe. Each signs you in once if you lose your authenticator app. They are shown only now.
      </Typography>
      <Box component="ol" aria-label="Recovery codes" sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </Box>
  );
}
