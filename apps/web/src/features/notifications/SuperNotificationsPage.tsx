/**
 * `/super/notifications` (operators): the platform notifications, which everyone sees, newest first,
 * 10 a page; delete one for everyone (after a confirm), or write a new one (`/super/notifications-create`).
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import type { Notification } from '@rentloop/domain/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { rangeText, wrapPage } from './format.ts';
import { useDeletePlatformNotification, usePlatformNotifications } from './hooks.ts';
import { superNotificationIds } from './testids.ts';

export function SuperNotificationsPage() {
  const [page, setPage] = useState(1);
  const list = usePlatformNotifications(page);
  const remove = useDeletePlatformNotification();
  const [deleting, setDeleting] = useState<Notification | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success('Notification deleted.');
        setDeleting(null);
      },
      onError: () => notify.warning(MESSAGES.superNotificationDeleteFailed),
    });
  };
  const lastPage = Math.max(1, list.data?.lastPage ?? 1);

  return (
    <Box data-testid={superNotificationIds.page}>
      <PageHeader
        title="Notifications"
        subtitle="Platform notifications: every user of every company sees them in the bell of the app bar."
        actions={
          <Button
            component={Link}
            to="/super/notifications-create"
            variant="contained"
            startIcon={<Add />}
            data-testid={superNotificationIds.newNotification}
          >
            New notification
          </Button>
        }
      />
      {list.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : list.isError ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : (
        <Card>
          <TableContainer>
            <Table data-testid={superNotificationIds.table}>
              <TableHead>
                <TableRow>
                  <TableCell>Title</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Author</TableCell>
                  <TableCell>Created</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={6}>No platform notifications.</TableCell>
                  </TableRow>
                ) : (
                  list.data.data.map((n) => (
                    <TableRow key={n.id} data-testid={superNotificationIds.row(n.id)}>
                      <TableCell sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{n.title}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{n.description}</TableCell>
                      <TableCell>
                        <StatusChip status={n.type} />
                      </TableCell>
                      <TableCell>{n.author}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.created_at)}</TableCell>
                      <TableCell align="right">
                        <Tooltip title="Delete for everyone">
                          <IconButton
                            onClick={() => setDeleting(n)}
                            aria-label={`Delete ${n.title}`}
                            data-testid={superNotificationIds.delete(n.id)}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {list.data.total > 0 && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, p: 1 }}>
              <Typography variant="body2">
                {rangeText(list.data.from, list.data.to, list.data.total)}
              </Typography>
              {lastPage > 1 && (
                <>
                  <Button size="small" onClick={() => setPage((p) => wrapPage(p, -1, lastPage))}>
                    Previous
                  </Button>
                  <Button size="small" onClick={() => setPage((p) => wrapPage(p, 1, lastPage))}>
                    Next
                  </Button>
                </>
              )}
            </Box>
          )}
        </Card>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this notification?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
      >
        “{deleting?.title}” disappears for every user of every company.
      </ConfirmDialog>
    </Box>
  );
}
