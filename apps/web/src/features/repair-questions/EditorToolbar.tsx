/**
 * The editor's actions on the selection (spec 02 §2): add a page or a question, move the selected one
 * up or down, delete it (after a confirmation naming what goes with it). Each is one of the domain's
 * editor functions; the editor takes the new pages, the new selection and what to tell.
 */
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { RepairPage } from '@rentloop/domain/repair-questions';
import {
  addPage,
  addQuestion,
  canMovePage,
  canMoveQuestion,
  childrenOf,
  type Direction,
  deletePage,
  deleteQuestion,
  movePage,
  moveQuestion,
} from '@rentloop/domain/repair-questions-editor';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { nameList } from './editor-form.ts';
import type { Selection } from './problem-list.ts';
import { repairQuestionsIds as ids } from './testids.ts';

type OnChange = (pages: RepairPage[], selection: Selection, notice: string | null, cleared: string[]) => void;

const clearedText = (cleared: string[]) =>
  cleared.length === 0
    ? ''
    : ` The parent link and link description of ${nameList(cleared)} ${cleared.length === 1 ? 'was' : 'were'} cleared.`;

/** What deleting the selection takes with it, for the confirmation. */
function deletion(pages: RepairPage[], selection: Selection) {
  const page = pages[selection.page];
  if (!page) return null;
  if (selection.question === null) {
    const names = new Set(page.questions.map((q) => q.name));
    const orphans = page.questions
      .flatMap((q) => childrenOf(pages, q.name))
      .filter((name) => !names.has(name));
    const count = page.questions.length;
    return {
      title: `Delete the page “${page.name}”?`,
      body: `${count === 0 ? 'It has no questions.' : `Its ${count === 1 ? 'question is' : `${count} questions are`} deleted with it.`}${
        orphans.length
          ? ` ${nameList(orphans)} on other pages lose their parent link and link description.`
          : ''
      }`,
    };
  }
  const question = page.questions[selection.question];
  if (!question) return null;
  const children = childrenOf(pages, question.name);
  return {
    title: `Delete the question “${question.name}”?`,
    body: children.length
      ? `${nameList(children)} ${children.length === 1 ? 'loses its' : 'lose their'} parent link and link description.`
      : 'No question depends on it.',
  };
}

export function EditorToolbar({
  pages,
  selection,
  onChange,
}: {
  pages: RepairPage[];
  selection: Selection;
  onChange: OnChange;
}) {
  const [confirming, setConfirming] = useState(false);
  // Kept while the dialog closes, so its text does not vanish during the fade.
  const [confirm, setConfirm] = useState<{ title: string; body: string } | null>(null);
  const isPage = selection.question === null;
  const at = { page: selection.page, question: selection.question ?? 0 };
  const exists = isPage ? Boolean(pages[selection.page]) : Boolean(pages[at.page]?.questions[at.question]);
  const canMove = (direction: Direction) =>
    exists &&
    (isPage ? canMovePage(pages, selection.page, direction) : canMoveQuestion(pages, at, direction));

  const move = (direction: Direction) => {
    if (isPage) {
      const moved = movePage(pages, selection.page, direction);
      onChange(moved.pages, { page: moved.index, question: null }, null, []);
    } else {
      const moved = moveQuestion(pages, at, direction);
      onChange(moved.pages, { page: moved.at.page, question: moved.at.question }, null, []);
    }
  };
  const newPage = () => {
    // After the selected page, but never after a SUMMARY page: it stays last.
    const after = pages[selection.page]?.type === 'SUMMARY' ? selection.page - 1 : selection.page;
    const added = addPage(pages, pages.length === 0 ? undefined : after);
    onChange(added.pages, { page: added.index, question: null }, null, []);
  };
  const newQuestion = () => {
    const added = addQuestion(pages, selection.page, selection.question ?? undefined);
    onChange(added.pages, added.at, null, []);
  };
  const remove = () => {
    setConfirming(false);
    if (isPage) {
      const name = pages[selection.page]?.name ?? '';
      const result = deletePage(pages, selection.page);
      const next = Math.min(selection.page, result.pages.length - 1);
      onChange(
        result.pages,
        { page: Math.max(next, 0), question: null },
        `Deleted the page “${name}” with ${result.removed.length} ${result.removed.length === 1 ? 'question' : 'questions'}.${clearedText(result.cleared)}`,
        result.cleared,
      );
    } else {
      const name = pages[at.page]?.questions[at.question]?.name ?? '';
      const result = deleteQuestion(pages, at);
      const left = result.pages[at.page]?.questions.length ?? 0;
      const question = left === 0 ? null : Math.min(at.question, left - 1);
      onChange(
        result.pages,
        { page: at.page, question },
        `Deleted the question “${name}”.${clearedText(result.cleared)}`,
        result.cleared,
      );
    }
  };
  const what = isPage ? 'page' : 'question';
  const askDelete = () => {
    setConfirm(deletion(pages, selection));
    setConfirming(true);
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, px: 1.5, py: 1 }}>
        <Button size="small" startIcon={<Add />} onClick={newPage} data-testid={ids.addPage}>
          Page
        </Button>
        <Button
          size="small"
          startIcon={<Add />}
          onClick={newQuestion}
          disabled={!pages[selection.page]}
          data-testid={ids.addQuestion}
        >
          Question
        </Button>
        <Box sx={{ flex: 1 }} />
        <Tooltip title={`Move the ${what} up`}>
          <span>
            <IconButton
              aria-label={`Move the ${what} up`}
              onClick={() => move('up')}
              disabled={!canMove('up')}
              data-testid={ids.moveUp}
            >
              <ArrowUpward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={`Move the ${what} down`}>
          <span>
            <IconButton
              aria-label={`Move the ${what} down`}
              onClick={() => move('down')}
              disabled={!canMove('down')}
              data-testid={ids.moveDown}
            >
              <ArrowDownward />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={`Delete the ${what}`}>
          <span>
            <IconButton
              aria-label={`Delete the ${what}`}
              onClick={askDelete}
              disabled={!exists}
              data-testid={ids.remove}
            >
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Divider />
      <ConfirmDialog
        open={confirming && confirm !== null}
        title={confirm?.title ?? ''}
        confirmLabel="Delete"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        {confirm?.body} Nothing is saved until you press Save.
      </ConfirmDialog>
    </>
  );
}
