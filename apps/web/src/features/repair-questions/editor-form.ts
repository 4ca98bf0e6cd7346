/**
 * The editor's form: the whole questionnaire as react-hook-form's value, checked by the domain's input
 * schema (its field rules and the questionnaire's own, `repair-questions-rules.ts`), so a problem is on
 * the same path as the server's 422 would put it (`pages.1.questions.2.parent.name`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type RepairPage,
  type RepairQuestionnaire,
  type RepairQuestionnaireInput,
  repairQuestionnaireInputSchema,
} from '@rentloop/domain/repair-questions';
import { type Control, type FieldErrors, get, type Resolver } from 'react-hook-form';
import { formatDateTime } from '../../utils/dates.ts';

export interface EditorValues {
  pages: RepairPage[];
  /** The version the editor started from (null: the default); sent back so a save over another is refused. */
  version: number | null;
}

export type EditorControl = Control<EditorValues, unknown, RepairQuestionnaireInput>;

export const editorResolver = zodResolver(repairQuestionnaireInputSchema) as unknown as Resolver<
  EditorValues,
  unknown,
  RepairQuestionnaireInput
>;

export const editorValues = (q: RepairQuestionnaire): EditorValues => ({
  pages: q.pages,
  version: q.version,
});

/** "Version 3, saved 29th Nov 2026, 10:00 by Ada Admin", or that the default is in use. */
export function versionText(q: RepairQuestionnaire): string {
  if (q.is_default || q.version === null)
    return 'The default questionnaire: your company has not saved its own yet.';
  const by = q.created_by ? ` by ${q.created_by.name || q.created_by.email}` : '';
  return `Version ${q.version}, saved ${formatDateTime(q.created_at)}${by}.`;
}

/** "“a”", "“a” and “b”", "“a”, “b” and “c”". */
export function nameList(names: readonly string[]): string {
  const quoted = names.map((n) => `“${n}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** The message of the error at a path of the form's errors (a field not on screen has one too). */
export const messageAt = (errors: FieldErrors<EditorValues>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;
