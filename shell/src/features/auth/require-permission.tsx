import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { Permission } from '@paydesk/shared/roles';
import { usePermissions } from '@paydesk/shared/session/use-can';
import { Loading } from '@paydesk/shared/ui/loading';

interface RequirePermissionProps {
  permission: Permission;
  children: ReactNode;
  /**
   * For the page a sign-in lands on: a user who may not open it goes to the first of these menu
   * entries they may open (a custom role without the dashboard), instead of being refused.
   */
  landingElsewhere?: readonly { path: string; permission: Permission; label?: string }[];
}

/** Mirrors the server's refusal for a page the user's permissions do not open (the server still enforces it). */
export function RequirePermission({ permission, children, landingElsewhere }: RequirePermissionProps) {
  const permissions = usePermissions();
  if (permissions === null) return <Loading label="Loading session" />;
  if (permissions.has(permission)) return <>{children}</>;
  const elsewhere = landingElsewhere?.find((area) => area.label && permissions.has(area.permission));
  if (elsewhere) return <Navigate to={`/control/${elsewhere.path}`} replace />;
  return (
    <Alert severity="error" sx={{ m: 2 }} role="alert">
      <AlertTitle>Access denied</AlertTitle>
      Your role does not allow this page.
    </Alert>
  );
}
