/**
 * A notification opened from the menu (spec 01 §2): title, creation time, relative time, author,
 * description and message; a download button, a list of them, or "Go to {destination}" from its
 * input; Mark as unread once it is read, and Close. Opening an unread one marks it read. It is read
 * again on opening: one deleted meanwhile shows the error dialog ("No data available"), one not read
 * yet the loading dialog (components/StatusDialogs.tsx).
 */
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_TEXTS, type Notification } from '@rentloop/domain/notifications';
import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { ErrorDialog, LoadingDialog } from '../../components/StatusDialogs.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { relativeTime } from './format.ts';
import { useNotification, useSetRead } from './hooks.ts';
import { notificationIds } from './testids.ts';

type Link = { href: string; text?: string };

function DownloadButton({ link, testId }: { link: Link; testId: string }) {
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadOutlined />}
      component="a"
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
    >
      {link.text || NOTIFICATION_TEXTS.download}
    </Button>
  );
}

function InputActions({ notification, onGo }: { notification: Notification; onGo: (path: string) => void }) {
  const input = notification.input;
  if (!input) return null;
  if ('input_type' in input) {
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
        {input.links.map((link, i) => (
          // The links are the notification's fixed list: its position is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <DownloadButton key={i} link={link} testId={`${notificationIds.download}-${i}`} />
        ))}
      </Stack>
    );
  }
  if (input.type === 'download-link') {
    return (
      <Box sx={{ mt: 2 }}>
        <DownloadButton link={input} testId={notificationIds.download} />
      </Box>
    );
  }
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        variant="contained"
        onClick={() => onGo(`/cms/${input.destination}/${input.id}`)}
        data-testid={notificationIds.goTo}
      >
        {NOTIFICATION_TEXTS.goTo(input.destination)}
      </Button>
    </Box>
  );
}

export function NotificationDialog({
  company,
  id,
  initial,
  onClose,
  onLeave,
}: {
  company: number;
  id: number;
  /** The list's copy, shown at once while the notification is read again. */
  initial?: Notification;
  onClose: () => void;
  /** Go to {destination}: the menu closes too. */
  onLeave: () => void;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const query = useNotification(company, id, initial);
  const setRead = useSetRead(company);
  const { mutate } = setRead;
  // Opening an unread notification marks it read (once).
  const unread = initial ? !initial.is_read : false;
  useEffect(() => {
    if (unread) mutate({ id, isRead: true });
  }, [id, unread, mutate]);

  // Deleted meanwhile (an operator's platform notification): nothing to show any more.
  const gone = query.error instanceof ApiError && query.error.status === 404;
  if (gone || (query.isError && !query.data)) return <ErrorDialog onClose={onClose} />;
  const notification = query.data;
  if (!notification) return <LoadingDialog title={NOTIFICATION_TEXTS.title} onClose={onClose} />;

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      fullWidth
      aria-labelledby={titleId}
      data-testid={notificationIds.dialog}
      slotProps={{ paper: { sx: { maxWidth: 600 } } }}
    >
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-word' }}>
        {notification.title}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(notification.created_at)} · {relativeTime(notification.created_at)} ·{' '}
          {notification.author}
        </Typography>
        {notification.description && (
          <Typography variant="subtitle1" sx={{ mt: 2, wordBreak: 'break-word' }}>
            {notification.description}
          </Typography>
        )}
        {notification.message && (
          <Typography variant="body1" sx={{ mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {notification.message}
          </Typography>
        )}
        <InputActions
          notification={notification}
          onGo={(path) => {
            onLeave();
            navigate(path);
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {notification.is_read && (
          <Button
            onClick={() => setRead.mutate({ id: notification.id, isRead: false }, { onSuccess: onClose })}
            disabled={setRead.isPending}
            data-testid={notificationIds.markUnread}
          >
            {NOTIFICATION_TEXTS.markUnread}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} data-testid={notificationIds.close}>
          {NOTIFICATION_TEXTS.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
