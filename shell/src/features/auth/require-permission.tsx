import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { can, type Permission } from '@paydesk/shared/roles';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useAppSelector } from '@paydesk/shared/store';

/** Mirrors the server's refusal for a page the role may not open (the server still enforces it). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  if (user && can(user.role, permission)) return <>{children}</>;
  return (
    <Alert severity="error" sx={{ m: 2 }} role="alert">
      <AlertTitle>Access denied</AlertTitle>
      Your role does not allow this page.
    </Alert>
  );
}
