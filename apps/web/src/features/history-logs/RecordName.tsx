/**
 * The record an entry is about: its name ("Daan Gagnon"), linked to its screen while it exists, with
 * what it is under it ("Customer #484"); "no longer exists" for a deleted one (named from the entry).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { HistoryLog } from '@rentloop/domain/history-logs';
import { Link as RouterLink } from 'react-router';
import { entityPath, entityRef } from './entities.ts';
import { historyLogsIds } from './testids.ts';

type Entry = Pick<HistoryLog, 'entity_type' | 'entity_id' | 'entity_name' | 'entity_exists'>;

/** The name as a link (or text); a list row's click must not also open the entry. */
export function RecordLink({ log }: { log: Entry }) {
  const name = log.entity_name ?? entityRef(log);
  const path = entityPath(log);
  if (!path) return <>{name}</>;
  return (
    <Link
      component={RouterLink}
      to={path}
      data-testid={historyLogsIds.recordLink}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      sx={{ wordBreak: 'break-word' }}
    >
      {name}
    </Link>
  );
}

export function RecordName({ log }: { log: Entry }) {
  return (
    <Box
      sx={{ minWidth: 0 }}
      data-testid={historyLogsIds.entity}
      data-entity={log.entity_type}
      data-exists={String(log.entity_exists)}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} component="div">
        <RecordLink log={log} />
      </Typography>
      {log.entity_name !== null && (
        <Typography variant="caption" color="text.secondary" component="div">
          {entityRef(log)}
          {log.entity_exists === false && ' · no longer exists'}
        </Typography>
      )}
      {log.entity_name === null && log.entity_exists === false && (
        <Typography variant="caption" color="text.secondary" component="div">
          no longer exists
        </Typography>
      )}
    </Box>
  );
}
