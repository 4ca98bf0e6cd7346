/**
 * The "Notes" card of a record's page (a customer's now): the record's notes, newest first, with their
 * author and time; a field to add one; the author (or an admin, owner or operator) edits a note in place
 * and deletes it after a confirmation. Texts from spec 01 §8.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import { NOTE_MAX_LENGTH, type Note, type NoteEntity, noteUpdateSchema } from '@rentloop/domain/notes';
import { useState } from 'react';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormTextField } from '../../components/FormTextField.tsx';
import { useAppForm } from '../../components/use-app-form.ts';
import { useSubmit } from '../../components/use-submit.ts';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useCreateNote, useDeleteNote, useNotes, useUpdateNote } from './hooks.ts';
import { notesIds } from './testids.ts';

const resolver = zodResolver(noteUpdateSchema);

function AddNoteForm({ entity, entityId }: { entity: NoteEntity; entityId: number }) {
  const form = useAppForm({ resolver, defaultValues: { text: '' } });
  const submit = useSubmit(form, useCreateNote(entity, entityId), {
    failed: MESSAGES.noteCreateFailed,
    onSaved: () => form.reset({ text: '' }),
  });
  return (
    <Box component="form" noValidate onSubmit={submit.onSubmit} data-testid={notesIds.form}>
      <Stack spacing={1.5}>
        <FormTextField
          control={form.control}
          name="text"
          label="New note"
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={submit.saving} data-testid={notesIds.add}>
            Add note
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function EditNoteForm({ note, onDone }: { note: Note; onDone: () => void }) {
  const form = useAppForm({ resolver, defaultValues: { text: note.text } });
  const submit = useSubmit(form, useUpdateNote(note.id), {
    failed: MESSAGES.noteUpdateFailed,
    onSaved: () => onDone(),
  });
  return (
    <Box component="form" noValidate onSubmit={submit.onSubmit} data-testid={notesIds.editForm(note.id)}>
      <Stack spacing={1.5}>
        <FormTextField
          control={form.control}
          name="text"
          label="Note"
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
        />
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            variant="contained"
            loading={submit.saving}
            data-testid={notesIds.save(note.id)}
          >
            Save
          </Button>
          <Button onClick={onDone} disabled={submit.saving} data-testid={notesIds.cancel(note.id)}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function NoteItem({
  note,
  divided,
  mayChange,
  onDelete,
}: {
  note: Note;
  /** A line above it (every note but the first). */
  divided: boolean;
  mayChange: boolean;
  onDelete: (note: Note) => void;
}) {
  const [editing, setEditing] = useState(false);
  const edited = note.updated_at !== note.created_at;
  return (
    <Box
      component="li"
      data-testid={notesIds.note(note.id)}
      sx={{ py: 1.5, borderTop: divided ? 1 : 0, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="p">
            {note.author_name ?? 'Deleted user'}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {formatDateTime(note.created_at)}
            {edited && ` · edited ${formatDateTime(note.updated_at)}`}
          </Typography>
        </Box>
        {mayChange && !editing && (
          <>
            <Tooltip title="Edit note">
              <IconButton size="small" onClick={() => setEditing(true)} data-testid={notesIds.edit(note.id)}>
                <Edit fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete note">
              <IconButton size="small" onClick={() => onDelete(note)} data-testid={notesIds.delete(note.id)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      <Box sx={{ mt: 1 }}>
        {editing ? (
          <EditNoteForm note={note} onDone={() => setEditing(false)} />
        ) : (
          <Typography
            variant="body2"
            data-testid={notesIds.text(note.id)}
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {note.text}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export function NotesCard({ entity, entityId }: { entity: NoteEntity; entityId: number }) {
  const notes = useNotes(entity, entityId);
  const { me, flags, isOperator } = useCurrentCompany();
  const remove = useDeleteNote();
  const [deleting, setDeleting] = useState<Note | null>(null);
  // The API's rule: the author, an admin or owner of the company, or an operator.
  const mayChange = (note: Note) => (me !== null && note.author_id === me.id) || flags.isAdmin || isOperator;
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notify.success(message || MESSAGES.noteDeleted);
        setDeleting(null);
      },
      onError: (error) => notify.error(error.message || MESSAGES.noteDeleteFailed),
    });
  };
  const rows = notes.data?.data ?? [];

  return (
    <Card sx={{ gridColumn: { lg: 'span 2' } }} data-testid={notesIds.card}>
      <CardHeader title="Notes" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <AddNoteForm entity={entity} entityId={entityId} />
        {notes.isPending ? (
          <Skeleton height={64} sx={{ mt: 2 }} />
        ) : notes.isError ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid={notesIds.error}>
            {MESSAGES.notesFetchFailed}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }} data-testid={notesIds.empty}>
            No notes yet.
          </Typography>
        ) : (
          <Box component="ul" data-testid={notesIds.list} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {rows.map((note, index) => (
              <NoteItem
                key={note.id}
                note={note}
                divided={index > 0}
                mayChange={mayChange(note)}
                onDelete={setDeleting}
              />
            ))}
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
      >
        The note is deleted for good.
      </ConfirmDialog>
    </Card>
  );
}
