import Chip from '@mui/material/Chip';
import { statusColor } from '@rentloop/domain/status-colors';
import { statusChipId } from './testids.ts';

/** A status as a coloured chip; the colour comes from the domain's status table (spec 01 §4). */
export function StatusChip({ status, label }: { status: string | null | undefined; label?: string }) {
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor(status)}
      label={label ?? status}
      data-testid={statusChipId}
      data-status={status}
      sx={{ textTransform: 'capitalize', fontWeight: 600 }}
    />
  );
}
