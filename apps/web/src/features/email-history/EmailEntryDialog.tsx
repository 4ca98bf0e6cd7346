/**
 * One email of the Email History: who it went to, its status and any delivery error, and the body as
 * the recipient saw it, and the files it carried (EmailAttachments). The body is HTML from the outbox, so it is shown in a sandboxed frame
 * (`sandbox=""`: no scripts, no forms, no navigation of this page).
 */

import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { EmailEntry } from '@rentloop/domain/email';
import { type ReactNode, useState } from 'react';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { humanize } from '../../utils/humanize.ts';
import { EmailAttachments } from './EmailAttachments.tsx';
import { emailHistoryIds } from './testids.ts';

function Meta({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function EmailEntryDialog({ entry, onClose }: { entry: EmailEntry | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // Keep showing the email while the dialog fades out after closing.
  const [last, setLast] = useState(entry);
  if (entry && entry !== last) setLast(entry);
  const shown = entry ?? last;
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="email-entry-title"
      data-testid={emailHistoryIds.dialog}
    >
      {shown && (
        <>
          <DialogTitle id="email-entry-title" sx={{ pr: 7 }} data-testid={emailHistoryIds.dialogSubject}>
            {shown.subject}
          </DialogTitle>
          <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
            <Close />
          </IconButton>
          <DialogContent dividers>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                mb: 2,
                gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
              }}
            >
              <Meta label="To" testId={emailHistoryIds.dialogTo}>
                {shown.to}
              </Meta>
              <Meta label="Kind">{humanize(shown.kind)}</Meta>
              <Meta label="Status">
                <StatusChip status={shown.status} testId={emailHistoryIds.statusChip} />
              </Meta>
              <Meta label={shown.sent_at ? 'Sent' : 'Created'}>
                {formatDateTime(shown.sent_at ?? shown.created_at)}
              </Meta>
              {shown.cc && <Meta label="Cc">{shown.cc}</Meta>}
              {shown.bcc && <Meta label="Bcc">{shown.bcc}</Meta>}
            </Box>
            <EmailAttachments entry={shown} />
            {shown.error && (
              <Alert severity={shown.status === 'failed' ? 'error' : 'info'} sx={{ mb: 2 }}>
                <span data-testid={emailHistoryIds.dialogError}>{shown.error}</span>
              </Alert>
            )}
            <Box
              component="iframe"
              title={`Body of “${shown.subject}”`}
              sandbox=""
              srcDoc={shown.body_html}
              data-testid={emailHistoryIds.dialogBody}
              sx={{
                display: 'block',
                width: '100%',
                height: { xs: '60vh', md: 460 },
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Secret links (sign-in tokens) are hidden in the stored copy.
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={onClose} data-testid={emailHistoryIds.dialogClose}>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
