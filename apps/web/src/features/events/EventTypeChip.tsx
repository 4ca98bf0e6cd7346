import Chip from '@mui/material/Chip';
import { eventsIds } from './testids.ts';

/** An event's type as it is written (`user.status_changed`): the name webhooks and filters use. */
export function EventTypeChip({ type }: { type: string }) {
  return (
    <Chip
      size="small"
      label={type}
      variant="outlined"
      data-testid={eventsIds.type}
      data-type={type}
      sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}
    />
  );
}
