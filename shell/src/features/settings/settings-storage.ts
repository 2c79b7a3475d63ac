import { defaultSettings, settingsModel, type SettingsModel } from '@paydesk/shared/schemas/settings';

const SETTINGS_KEY = 'paydesk-settings';

/** Settings are local to this browser (SET-06): never sent, kept in local storage. */
export function readSettings(): SettingsModel {
  try {
    const parsed = settingsModel.safeParse(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null'));
    return parsed.success ? parsed.data : defaultSettings;
  } catch {
    return defaultSettings;
  }
}

export function writeSettings(settings: SettingsModel): void {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}
