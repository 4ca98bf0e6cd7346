import Chip from '@mui/material/Chip';
import type { EmailEntry } from '@rentloop/domain/email';
import { emailHistoryIds } from './testids.ts';

export const EMAIL_STATUS: Record<
  EmailEntry['status'],
  { label: string; color: 'success' | 'warning' | 'error' | 'default' }
> = {
  sent: { label: 'Sent', color: 'success' },
  queued: { label: 'Queued', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  not_sent: { label: 'Not sent', color: 'default' },
};

export function EmailStatusChip({ status }: { status: EmailEntry['status'] }) {
  const { label, color } = EMAIL_STATUS[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      color={color}
      data-testid={emailHistoryIds.statusChip}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** `password_reset` -> "Password reset". */
export const kindLabel = (kind: string) => {
  const text = kind.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : kind;
};
