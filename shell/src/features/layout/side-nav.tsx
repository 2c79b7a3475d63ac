import { NavLink, useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import type { Permission } from '@paydesk/shared/roles';
import { controlPaths } from '@paydesk/shared/routes';
import { selectCurrentUser, signedOut } from '@paydesk/shared/session/session-slice';
import { usePermissions, useRoleName } from '@paydesk/shared/session/use-can';
import { useAppDispatch, useAppSelector } from '@paydesk/shared/store';
import { useLogoutMutation } from '../../lib/auth-api';
import { navIcon } from './nav-icons';

/** An area of the back office as the menu shows it: the app hands down the live remotes' areas (app/areas.ts). */
export interface NavArea {
  path: string;
  permission: Permission;
  /** Absent for pages reached from another page: they have no menu entry. */
  label?: string;
  icon?: string;
}

/**
 * The side navigation: only the entries the signed-in user's permissions open, as the server gave
 * them (the server enforces the same); no entry at all until it has.
 */
export function SideNav({ areas, onNavigate }: { areas: readonly NavArea[]; onNavigate: () => void }) {
  const user = useAppSelector(selectCurrentUser);
  const permissions = usePermissions();
  const roleName = useRoleName();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  if (!user) return null;
  const entries = permissions ? areas.filter((a) => a.label && permissions.has(a.permission)) : [];

  const signOut = async () => {
    await logout().catch(() => undefined);
    dispatch(signedOut());
    navigate(controlPaths.login, { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Typography variant="h6" sx={{ px: 3, py: 2.5, fontWeight: 800, color: 'primary.main' }}>
        Paydesk
      </Typography>
      <Divider />
      <List sx={{ flexGrow: 1, px: 1 }}>
        {entries.map((a) => (
          <ListItem key={a.path} disablePadding>
            <ListItemButton
              component={NavLink}
              to={`/control/${a.path}`}
              onClick={onNavigate}
              sx={{ borderRadius: 2, '&.active': { bgcolor: 'action.selected' } }}
            >
              <ListItemIcon>{navIcon(a.icon)}</ListItemIcon>
              <ListItemText primary={a.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider />
      <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main' }}>{user.username.charAt(0).toUpperCase()}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 600 }} data-testid="current-user-name">
              {user.username}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="current-user-role">
              {roleName}
            </Typography>
          </Box>
        </Box>
        {permissions?.has('settings.view') ? (
          <Button
            component={NavLink}
            to={controlPaths.settings}
            onClick={onNavigate}
            startIcon={<SettingsIcon />}
            sx={{ justifyContent: 'flex-start' }}
          >
            Settings
          </Button>
        ) : null}
        <Button onClick={signOut} color="error" startIcon={<LogoutIcon />} sx={{ justifyContent: 'flex-start' }}>
          Logout
        </Button>
      </Box>
    </Box>
  );
}
