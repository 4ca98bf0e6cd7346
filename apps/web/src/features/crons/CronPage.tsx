/**
 * `/super/cron`, the Cron Manager (operators): the platform's scheduled jobs with their expression, time
 * zone, next three runs, last run and result; enable or disable, run now, edit, delete, and schedule a
 * job that has none. Toasts from spec 01 §8 (warnings on failure).
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Cron } from '@rentloop/domain/crons';
import { MESSAGES } from '@rentloop/domain/messages';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusChip } from '../../components/StatusChip.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useCrons, useDeleteCron, useRunCron, useSetCronEnabled } from './hooks.ts';
import { cronsIds } from './testids.ts';

function CronRow({ cron, onDelete }: { cron: Cron; onDelete: (cron: Cron) => void }) {
  const run = useRunCron();
  const setEnabled = useSetCronEnabled();
  const runNow = () =>
    run.mutate(cron.id, {
      onSuccess: ({ message }) => notify.success(message || MESSAGES.cronRan),
      onError: () => notify.warning(MESSAGES.cronRunFailed),
    });
  const toggle = (enabled: boolean) =>
    setEnabled.mutate(
      { id: cron.id, enabled },
      {
        onSuccess: ({ message }) => notify.success(message || MESSAGES.cronUpdated),
        onError: () => notify.warning(MESSAGES.cronUpdateFailed),
      },
    );
  return (
    <TableRow data-testid={cronsIds.row(cron.name)}>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {cron.name}
        </Typography>
      </TableCell>
      <TableCell>
        <Box component="code" sx={{ fontFamily: 'monospace' }}>
          {cron.cron}
        </Box>
      </TableCell>
      <TableCell>{cron.timezone}</TableCell>
      <TableCell>
        <Switch
          checked={cron.enabled}
          onChange={(event) => toggle(event.target.checked)}
          disabled={setEnabled.isPending}
          slotProps={{ input: { 'aria-label': `Enabled: ${cron.name}` } }}
          data-testid={cronsIds.enabled(cron.name)}
        />
      </TableCell>
      <TableCell data-testid={cronsIds.nextRuns(cron.name)}>
        {cron.next_runs.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Disabled
          </Typography>
        ) : (
          cron.next_runs.map((at) => (
            <Typography key={at} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(at)}
            </Typography>
          ))
        )}
      </TableCell>
      <TableCell data-testid={cronsIds.lastRun(cron.name)}>
        {cron.last_run_at ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(cron.last_run_at)}
            </Typography>
            <Tooltip title={cron.last_error ?? ''}>
              <span>
                <StatusChip status={cron.last_result} />
              </span>
            </Tooltip>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Never
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          startIcon={<PlayArrow />}
          onClick={runNow}
          loading={run.isPending}
          data-testid={cronsIds.run(cron.name)}
        >
          Run now
        </Button>
        <Tooltip title="Edit">
          <IconButton
            component={Link}
            to={`${cron.id}/edit`}
            aria-label={`Edit ${cron.name}`}
            data-testid={cronsIds.edit(cron.name)}
          >
            <Edit fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton
            onClick={() => onDelete(cron)}
            aria-label={`Delete ${cron.name}`}
            data-testid={cronsIds.delete(cron.name)}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

export function CronPage() {
  const crons = useCrons();
  const remove = useDeleteCron();
  const [deleting, setDeleting] = useState<Cron | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notify.success(message || MESSAGES.cronDeleted);
        setDeleting(null);
      },
      onError: () => notify.warning(MESSAGES.cronDeleteFailed),
    });
  };
  const available = crons.data?.available_jobs ?? [];

  return (
    <Box data-testid={cronsIds.page}>
      <PageHeader
        title="Cron Manager"
        subtitle="The platform's scheduled jobs: when they run next, how their last run ended."
        actions={
          <Button
            component={Link}
            to="create"
            variant="contained"
            startIcon={<Add />}
            disabled={available.length === 0}
            data-testid={cronsIds.newCron}
          >
            New cron
          </Button>
        }
      />
      {crons.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : crons.isError ? (
        // A list that did not load shows the server's message as a warning (spec 01 §8, "Generic").
        <Alert severity="warning" data-testid={cronsIds.error}>
          {crons.error.message}
        </Alert>
      ) : (
        <Card>
          <TableContainer>
            <Table data-testid={cronsIds.table}>
              <TableHead>
                <TableRow>
                  <TableCell>Job</TableCell>
                  <TableCell>Expression</TableCell>
                  <TableCell>Time zone</TableCell>
                  <TableCell>Enabled</TableCell>
                  <TableCell>Next runs</TableCell>
                  <TableCell>Last run</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {crons.data.crons.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={7}>No scheduled jobs.</TableCell>
                  </TableRow>
                ) : (
                  crons.data.crons.map((cron) => <CronRow key={cron.id} cron={cron} onDelete={setDeleting} />)
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <Outlet />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this cron?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
      >
        {deleting?.name} no longer runs on its own until it is scheduled again.
      </ConfirmDialog>
    </Box>
  );
}
