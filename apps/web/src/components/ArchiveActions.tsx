/**
 * Archive, restore and delete for a record that something may refer to (customers, products): the
 * page header's buttons, the notice on an archived record, and the list's "Show archived" switch.
 * Archiving is reversible, so it runs at once; deleting asks first, and is offered only when the
 * server says nothing refers to the record (`delete_refused` null), else the reason is shown and
 * archiving is what is left. The list's "Show archived" switch is `ShowArchivedSwitch.tsx` (apart, so a
 * list does not load the dialog).
 */
import Archive from '@mui/icons-material/ArchiveOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Unarchive from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { formatDate } from '../utils/dates.ts';
import { notify } from '../utils/notify.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { archiveIds } from './testids.ts';

/** A mutation as these buttons use it: the server's message on success, an Error on failure. */
export interface ArchiveMutation<V> {
  mutate: (
    variables: V,
    options: { onSuccess: (r: { message: string }) => void; onError: (e: Error) => void },
  ) => void;
  isPending: boolean;
}

export interface ArchiveRecord {
  name: string;
  archived_at: string | null;
  delete_refused: string | null;
}

/**
 * The buttons of a record's header and the delete confirmation. `setArchived(true)` archives,
 * `(false)` restores; `remove` deletes (only passed to users who may), then `onDeleted` runs.
 */
export function useArchiveActions(opts: {
  noun: string;
  record: ArchiveRecord | undefined;
  setArchived: ArchiveMutation<boolean> | null;
  remove: ArchiveMutation<void> | null;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const { record, setArchived, remove } = opts;
  const run = <V,>(m: ArchiveMutation<V>, v: V, after?: () => void) =>
    m.mutate(v, {
      onSuccess: ({ message }) => {
        notify.success(message);
        after?.();
      },
      onError: (error) => notify.error(error.message),
    });
  const archived = record?.archived_at != null;
  const buttons = record && (
    <>
      {setArchived &&
        (archived ? (
          <Button
            variant="outlined"
            startIcon={<Unarchive />}
            loading={setArchived.isPending}
            loadingPosition="start"
            onClick={() => run(setArchived, false)}
            data-testid={archiveIds.restore}
          >
            Restore
          </Button>
        ) : (
          <Button
            variant="outlined"
            startIcon={<Archive />}
            loading={setArchived.isPending}
            loadingPosition="start"
            onClick={() => run(setArchived, true)}
            data-testid={archiveIds.archive}
          >
            Archive
          </Button>
        ))}
      {remove && record.delete_refused === null && (
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutline />}
          onClick={() => setConfirming(true)}
          data-testid={archiveIds.delete}
        >
          Delete
        </Button>
      )}
    </>
  );
  const dialog = remove && record && (
    <ConfirmDialog
      open={confirming}
      title={`Delete ${record.name}?`}
      confirmLabel={`Delete ${opts.noun}`}
      busy={remove.isPending}
      onClose={() => setConfirming(false)}
      onConfirm={() =>
        run(remove, undefined, () => {
          setConfirming(false);
          opts.onDeleted();
        })
      }
    >
      Nothing refers to this {opts.noun}, so it can be deleted for good. Archive it instead to keep it out of
      the list but recoverable.
    </ConfirmDialog>
  );
  return { buttons, dialog };
}

/** What an archived record, or one that may not be deleted, says at the top of its page. */
export function ArchiveNotice({
  noun,
  record,
  showRefusal,
}: {
  noun: string;
  record: ArchiveRecord;
  /** Whether to say why Delete is not offered (to users who could otherwise delete). */
  showRefusal: boolean;
}) {
  return (
    <>
      {record.archived_at && (
        <Alert severity="warning" data-testid={archiveIds.notice} sx={{ gridColumn: '1 / -1' }}>
          Archived on {formatDate(record.archived_at)}: this {noun} is not in the {noun} list (turn on “Show
          archived” there). Restore it to bring it back.
        </Alert>
      )}
      {showRefusal && record.delete_refused && (
        <Alert severity="info" data-testid={archiveIds.deleteRefused} sx={{ gridColumn: '1 / -1' }}>
          This {noun} cannot be deleted. {record.delete_refused}
        </Alert>
      )}
    </>
  );
}
