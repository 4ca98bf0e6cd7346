import Chip from '@mui/material/Chip';
import { humanize } from './diff.ts';
import { historyLogsIds } from './testids.ts';

const COLORS: Record<string, 'success' | 'info' | 'error' | 'warning' | 'default'> = {
  created: 'success',
  updated: 'info',
  deleted: 'error',
  login_failed: 'warning',
  refresh_reused: 'error',
};

export function ActionChip({ action }: { action: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={humanize(action)}
      color={COLORS[action] ?? 'default'}
      data-testid={historyLogsIds.actionChip}
      data-action={action}
      sx={{ fontWeight: 600 }}
    />
  );
}
