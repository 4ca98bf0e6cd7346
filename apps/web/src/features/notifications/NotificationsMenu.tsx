/**
 * The app bar's notifications (spec 01 §2 "Notifications menu and dialog"): a bell with a red dot while
 * any notification is unread; a popover (width 400) titled Notifications with an "Only show unread"
 * switch, a refresh button, a progress bar and 10 entries a page (title cut at 20 characters,
 * relative time, description cut at 50, an unread dot in the type's colour); a pager "from-to of
 * total" that wraps; "No new notifications." when empty. Hovering an entry loads and marks it read;
 * clicking opens the dialog. The push channel reloads the list as notifications arrive.
 */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  cut,
  NOTIFICATION_DESCRIPTION_CUT,
  NOTIFICATION_TEXTS,
  NOTIFICATION_TITLE_CUT,
  type Notification,
} from '@rentloop/domain/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api, paths, unwrap } from '../../api/client.ts';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { rangeText, relativeTime, wrapPage } from './format.ts';
import { notificationsKeys, useNotificationPush, useNotifications, useSetRead } from './hooks.ts';
import { NotificationDialog } from './NotificationDialog.tsx';
import { notificationIds } from './testids.ts';

/** How long the pointer rests on an entry before it counts as seen (a pass over the list does not). */
const HOVER_MS = 400;

function Entry({
  company,
  notification,
  onOpen,
}: {
  company: number;
  notification: Notification;
  onOpen: () => void;
}) {
  const queryClient = useQueryClient();
  const setRead = useSetRead(company);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hovered = () => {
    timer.current = setTimeout(() => {
      void queryClient.prefetchQuery({
        queryKey: notificationsKeys.detail(company, notification.id),
        queryFn: async () =>
          unwrap(await api.get<Notification>(paths.company(company, `notifications/${notification.id}`))),
      });
      if (!notification.is_read) setRead.mutate({ id: notification.id, isRead: true });
    }, HOVER_MS);
  };
  const left = () => {
    if (timer.current) clearTimeout(timer.current);
  };
  return (
    <ListItem disablePadding>
      <ListItemButton
        onClick={onOpen}
        onMouseEnter={hovered}
        onMouseLeave={left}
        data-testid={notificationIds.entry(notification.id)}
        data-read={notification.is_read}
        sx={{ alignItems: 'flex-start', gap: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle2" component="span" noWrap title={notification.title}>
              {cut(notification.title, NOTIFICATION_TITLE_CUT)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {relativeTime(notification.created_at)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {cut(notification.description, NOTIFICATION_DESCRIPTION_CUT)}
          </Typography>
        </Box>
        <Box
          aria-label={notification.is_read ? undefined : 'Unread'}
          role={notification.is_read ? undefined : 'img'}
          data-testid={notificationIds.entryDot(notification.id)}
          sx={{
            width: 10,
            height: 10,
            mt: 0.75,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: notification.is_read ? 'transparent' : `${notification.type}.main`,
          }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function Menu({ company, inverted }: { company: number; inverted: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [opened, setOpened] = useState<Notification | null>(null);
  const live = useNotificationPush(company);
  const query = useNotifications(company, page, unreadOnly);
  const result = query.data;
  const unread = result?.unread ?? 0;
  const lastPage = Math.max(1, result?.lastPage ?? 1);
  const turn = (step: 1 | -1) => setPage((p) => wrapPage(Math.min(p, lastPage), step, lastPage));

  return (
    <>
      <Tooltip title={NOTIFICATION_TEXTS.title}>
        <IconButton
          color="inherit"
          aria-label={
            unread > 0 ? `${NOTIFICATION_TEXTS.title} (${unread} unread)` : NOTIFICATION_TEXTS.title
          }
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid={notificationIds.bell}
          data-live={live}
          data-unread={unread}
          sx={{ color: inverted ? '#fff' : undefined }}
        >
          <Badge
            variant="dot"
            color="error"
            invisible={unread === 0}
            slotProps={{ badge: { 'data-testid': notificationIds.unreadDot } as object }}
          >
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            'data-testid': notificationIds.popover,
            role: 'dialog',
            'aria-label': NOTIFICATION_TEXTS.title,
            sx: { width: 400, maxWidth: 'calc(100vw - 16px)', maxHeight: 700 },
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {NOTIFICATION_TEXTS.title}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={unreadOnly}
                onChange={(event) => {
                  setUnreadOnly(event.target.checked);
                  setPage(1);
                }}
                slotProps={{ input: { 'data-testid': notificationIds.onlyUnread } as object }}
              />
            }
            label={<Typography variant="body2">{NOTIFICATION_TEXTS.onlyUnread}</Typography>}
          />
          <Tooltip title="Refresh">
            <IconButton
              size="small"
              aria-label="Refresh notifications"
              onClick={() => void query.refetch()}
              data-testid={notificationIds.refresh}
            >
              <Refresh fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Box sx={{ height: 4 }}>
          {query.isFetching && (
            <LinearProgress aria-label="Loading notifications" data-testid={notificationIds.progress} />
          )}
        </Box>
        {result && result.data.length === 0 ? (
          <Typography sx={{ px: 2, py: 3 }} color="text.secondary" data-testid={notificationIds.empty}>
            {NOTIFICATION_TEXTS.empty}
          </Typography>
        ) : (
          <List disablePadding sx={{ maxHeight: 600, overflowY: 'auto' }} data-testid={notificationIds.list}>
            {(result?.data ?? []).map((notification) => (
              <Entry
                key={notification.id}
                company={company}
                notification={notification}
                onOpen={() => setOpened(notification)}
              />
            ))}
          </List>
        )}
        {result && result.total > 0 && (
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 2, py: 1 }}
            data-testid={notificationIds.pager}
          >
            <Typography variant="body2">{rangeText(result.from, result.to, result.total)}</Typography>
            {lastPage > 1 && (
              <>
                <IconButton
                  size="small"
                  aria-label="Previous page"
                  onClick={() => turn(-1)}
                  data-testid={notificationIds.previous}
                >
                  <ChevronLeft />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label="Next page"
                  onClick={() => turn(1)}
                  data-testid={notificationIds.next}
                >
                  <ChevronRight />
                </IconButton>
              </>
            )}
          </Box>
        )}
      </Popover>
      {opened && (
        <NotificationDialog
          company={company}
          id={opened.id}
          initial={opened}
          onClose={() => setOpened(null)}
          onLeave={() => {
            setOpened(null);
            setAnchor(null);
          }}
        />
      )}
    </>
  );
}

/** The bell of the current company; nothing while there is none (an operator's platform screens). */
export function NotificationsMenu({ inverted }: { inverted: boolean }) {
  const { company } = useCurrentCompany();
  if (!company) return null;
  return <Menu key={company.id} company={company.id} inverted={inverted} />;
}
