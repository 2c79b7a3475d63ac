import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useColorScheme } from '@mui/material/styles';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';

const next = { system: 'light', light: 'dark', dark: 'system' } as const;
const labels = { system: 'Theme: follow the system', light: 'Theme: light', dark: 'Theme: dark' } as const;

/** Cycles follow-the-system, light and dark; MUI remembers the choice in local storage. */
export function ThemeToggle() {
  const { mode, setMode } = useColorScheme();
  const current = mode ?? 'system';
  const icon = current === 'light' ? <LightModeIcon /> : current === 'dark' ? <DarkModeIcon /> : <BrightnessAutoIcon />;
  return (
    <Tooltip title={labels[current]}>
      <IconButton aria-label={labels[current]} onClick={() => setMode(next[current])}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
