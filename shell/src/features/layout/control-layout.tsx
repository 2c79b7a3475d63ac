import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import type { ReleasePreview } from '../../remotes/manifest';
import { PreviewBanner } from './preview-banner';
import { SandboxBadge } from './sandbox-badge';
import { SideNav, type NavArea } from './side-nav';
import { ThemeToggle } from './theme-toggle';

const drawerWidth = 260;

/**
 * The /control frame: side navigation (a drawer on phones) over the given areas, a top bar and the
 * page, under the banner of a release this browser previews.
 */
export function ControlLayout({ areas, preview }: { areas: readonly NavArea[]; preview?: ReleasePreview }) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const nav = <SideNav areas={areas} onNavigate={() => setOpen(false)} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', ml: { md: `${drawerWidth}px` }, width: { md: `calc(100% - ${drawerWidth}px)` } }}
      >
        <Toolbar>
          {!desktop && (
            <IconButton edge="start" aria-label="Open menu" onClick={() => setOpen(true)} sx={{ mr: 1 }}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="div" sx={{ flexGrow: 1, fontWeight: 700 }}>
            {desktop ? '' : 'Paydesk'}
          </Typography>
          <SandboxBadge />
          <ThemeToggle />
        </Toolbar>
      </AppBar>
      {/* The drawer is fixed to the window; its column is painted down the whole page too, so a long page never shows it stop. */}
      <Box
        component="nav"
        aria-label="Main"
        sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 }, bgcolor: { md: 'background.paper' } }}
      >
        {desktop ? (
          <Drawer variant="permanent" open slotProps={{ paper: { sx: { width: drawerWidth } } }}>
            {nav}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { sx: { width: drawerWidth } } }}
          >
            {nav}
          </Drawer>
        )}
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, mt: 8 }}>
        {preview && <PreviewBanner preview={preview} />}
        <Outlet />
      </Box>
    </Box>
  );
}
