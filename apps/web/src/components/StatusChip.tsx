/**
 * Every status as a coloured chip, from one table (`STATUSES`, keyed by status): a product's, a user's,
 * an email's, a history log's action. A status the table does not name is coloured by the domain's word
 * rule (spec 01 §4: `statusColor`, "paid" green, "pending" amber, "cancelled" red) and labelled by
 * its words ("payment_pending" -> "Payment pending").
 */
import Chip from '@mui/material/Chip';
import { type StatusColor, statusColor } from '@rentloop/domain/status-colors';
import { humanize } from '../utils/humanize.ts';
import { statusChipId } from './testids.ts';

type ChipColor = StatusColor | 'info';

/** Statuses whose label or colour the word rule does not give. */
const STATUSES: Record<string, { label?: string; color?: ChipColor }> = {
  // Users. An invitation not accepted yet: a company sees only what its admin typed (docs/security.md).
  invited: { label: 'Invitation pending', color: 'warning' },
  disabled: { color: 'error' },
  // Webhooks: on.
  enabled: { color: 'success' },
  // Emails. Not sent (no SMTP) reaches nobody, as a failed one: both red.
  sent: { color: 'success' },
  queued: { color: 'warning' },
  not_sent: { color: 'error' },
  // History log actions.
  created: { color: 'success' },
  updated: { color: 'info' },
  deleted: { color: 'error' },
  // Sign-ins (the trail's `auth` entries), in the staff's words.
  login: { label: 'Signed in' },
  login_failed: { label: 'Sign-in failed', color: 'warning' },
  logout: { label: 'Signed out' },
  // A rotated-away refresh token came back: every session of that sign-in was ended.
  refresh_reused: { label: 'Token reused', color: 'error' },
};

export const statusLabel = (status: string) => STATUSES[status]?.label ?? humanize(status);
export const statusChipColor = (status: string): ChipColor => STATUSES[status]?.color ?? statusColor(status);

export function StatusChip({
  status,
  label,
  testId = statusChipId,
}: {
  status: string | null | undefined;
  /** Instead of the table's label (a bundle's "Inactive" that reads "Not available" elsewhere). */
  label?: string;
  testId?: string;
}) {
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusChipColor(status)}
      label={label ?? statusLabel(status)}
      data-testid={testId}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
