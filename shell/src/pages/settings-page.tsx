import Box from '@mui/material/Box';
import { SettingsForm } from '../features/settings/settings-form';
import { PasskeysSection } from '../features/passkeys/passkeys-section';
import { TwoFactorSection } from '../features/two-factor/two-factor-section';

/** /control/settings: the local settings form, and the user's own second factors beside it. */
export function SettingsPage() {
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 900 }}>
      <SettingsForm />
      {/* The user's own second factor (AUTH-10): outside the form, so Save Changes stays local and simulated (SET-05). */}
      <TwoFactorSection />
      {/* The user's own passkeys (AUTH-17), kept by the server like the second factor above. */}
      <PasskeysSection />
    </Box>
  );
}
