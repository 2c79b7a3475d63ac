import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SettingsModel } from '@paydesk/shared/schemas/settings';
import { notify } from '@paydesk/shared/ui/notify';
import { readSettings, writeSettings } from './settings-storage';
import { SystemInformation } from './system-information';

/** SET-05, CONST-10: the save is simulated and takes about 1.5 s. */
const SAVE_DELAY_MS = 1500;

type Key = keyof SettingsModel;
type TextKey = { [K in Key]: SettingsModel[K] extends boolean ? never : K }[Key];
type FlagKey = { [K in Key]: SettingsModel[K] extends boolean ? K : never }[Key];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The local settings form (SET-01 to SET-07): kept in this browser, never sent. */
export function SettingsForm() {
  const [settings, setSettings] = useState(readSettings);
  const [saving, setSaving] = useState(false);

  const text = (key: TextKey, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={settings[key]}
      onChange={(e) => setSettings((s) => ({ ...s, [key]: type === 'number' ? Number(e.target.value) : e.target.value }))}
    />
  );
  const flag = (key: FlagKey, label: string) => (
    <FormControlLabel
      control={<Switch checked={settings[key]} onChange={(e) => setSettings((s) => ({ ...s, [key]: e.target.checked }))} />}
      label={label}
    />
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setTimeout(() => {
      writeSettings(settings);
      setSaving(false);
      notify('success', 'Settings Saved');
    }, SAVE_DELAY_MS);
  };

  return (
    <Box component="form" onSubmit={save} sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h4" component="h1">
        Settings
      </Typography>
      <Section title="General">
        {text('siteName', 'Site Name')}
        {text('adminEmail', 'Admin Email', 'email')}
        {text('supportEmail', 'Support Email', 'email')}
      </Section>
      <Section title="Notifications">
        {flag('emailNotifications', 'Email Notifications')}
        {flag('smsNotifications', 'SMS Notifications')}
        {flag('loginAlerts', 'Login Alerts')}
      </Section>
      <Section title="Security">
        {flag('twoFactorAuth', 'Two-Factor Authentication')}
        {flag('maintenanceMode', 'Maintenance Mode')}
        {text('sessionTimeout', 'Session Timeout (minutes)', 'number')}
        {text('maxLoginAttempts', 'Max Login Attempts', 'number')}
      </Section>
      <SystemInformation />
      <Box>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </Box>
    </Box>
  );
}
