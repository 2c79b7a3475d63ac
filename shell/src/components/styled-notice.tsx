import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { NoticeProps } from './error-notice';

export default function StyledNotice({ severity, title, children, action }: NoticeProps) {
  return (
    <Alert
      severity={severity}
      role="alert"
      sx={{ m: 2 }}
      action={
        action ? (
          <Button color="inherit" onClick={action.onClick}>
            {action.label}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {children}
    </Alert>
  );
}
