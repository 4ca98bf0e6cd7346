/** Data hooks of notes on one query-key factory: a record's notes, and writing, editing, deleting one. */
import type { Note, NoteEntity, NoteInput, NoteUpdate } from '@rentloop/domain/notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, paths, unwrapAnswer, unwrapPage } from '../../api/client.ts';
import { queryKeysFactory } from '../../api/query-keys.ts';
import { useCompanyId } from '../../app/current-company.tsx';

export const notesKeys = queryKeysFactory('notes');

/** The notes shown on a record's page: the newest 100 (a record has a handful). */
export function useNotes(entity: NoteEntity, entityId: number) {
  const company = useCompanyId();
  const query = { entity, entity_id: entityId, per_page: 100 };
  return useQuery({
    queryKey: notesKeys.list(company, query),
    queryFn: async ({ signal }) =>
      unwrapPage(await api.get<Note[]>(paths.company(company, 'notes'), { query, signal })),
  });
}

export interface SavedNote {
  note: Note;
  /** The server's message ("Note created.", "Updated note."). */
  message: string;
}

export function useCreateNote(entity: NoteEntity, entityId: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Pick<NoteInput, 'text'>): Promise<SavedNote> => {
      const result = unwrapAnswer(
        await api.post<Note>(paths.company(company, 'notes'), {
          entity,
          entity_id: entityId,
          text: input.text,
        }),
      );
      return { note: result.data, message: result.message };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notesKeys.lists() }),
  });
}

export function useUpdateNote(id: number) {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NoteUpdate): Promise<SavedNote> => {
      const result = unwrapAnswer(await api.put<Note>(paths.company(company, `notes/${id}`), input));
      return { note: result.data, message: result.message };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notesKeys.lists() }),
  });
}

export function useDeleteNote() {
  const company = useCompanyId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const result = unwrapAnswer(await api.delete<null>(paths.company(company, `notes/${id}`)));
      return { message: result.message };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notesKeys.lists() }),
  });
}
