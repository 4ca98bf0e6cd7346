/**
 * A dialog that is a route (STYLE.md #1): it opens when its URL is visited and, when closed, plays
 * its exit transition and then navigates to `closeTo`, so the back button closes it too. Closing it
 * (Esc, the backdrop, the close button, Cancel) asks first when its form has unsaved changes
 * (`unsaved-changes.tsx`); the back button and links are asked about by the router's blocker.
 */
import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { routeDialogIds } from './testids.ts';
import { useLeaveGuard } from './unsaved-changes.tsx';

interface RouteDialogControls {
  /** Closes the dialog, then goes to `to` (default: the dialog's `closeTo`). */
  close: (to?: string) => void;
}

const RouteDialogContext = createContext<RouteDialogControls | null>(null);

/**
 * The same controls for a dialog that is not a route (an action dialog, `ActionDialog.tsx`), so a
 * `DialogForm` inside it closes that dialog.
 */
export const DialogControlsProvider = RouteDialogContext.Provider;

export function useRouteDialog(): RouteDialogControls {
  const value = useContext(RouteDialogContext);
  if (!value) throw new Error('useRouteDialog must be used inside <RouteDialog>.');
  return value;
}

export interface RouteDialogProps {
  title: ReactNode;
  closeTo: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  testId?: string;
}

export function RouteDialog({ title, closeTo, children, maxWidth = 'md', testId }: RouteDialogProps) {
  const navigate = useNavigate();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(true);
  const target = useRef(closeTo);
  const confirmLeave = useLeaveGuard();

  const close = useCallback(
    (to?: string) =>
      confirmLeave(() => {
        target.current = to ?? closeTo;
        setOpen(false);
      }),
    [closeTo, confirmLeave],
  );

  return (
    <RouteDialogContext.Provider value={{ close }}>
      <Dialog
        open={open}
        onClose={() => close()}
        fullWidth
        maxWidth={maxWidth}
        fullScreen={fullScreen}
        slotProps={{ transition: { onExited: () => navigate(target.current) } }}
        aria-labelledby="route-dialog-title"
        data-testid={testId ?? routeDialogIds.dialog}
      >
        <DialogTitle id="route-dialog-title" sx={{ pr: 7 }}>
          {title}
        </DialogTitle>
        <IconButton
          aria-label="Close"
          onClick={() => close()}
          sx={{ position: 'absolute', right: 12, top: 12 }}
          data-testid={routeDialogIds.close}
        >
          <Close />
        </IconButton>
        {children}
      </Dialog>
    </RouteDialogContext.Provider>
  );
}
