/**
 * The questionnaire's pages with their questions, in order: a page or a question is selected by a
 * click. Each question shows when it is asked (its parent and the answer), a "Link cleared" mark when
 * its parent was deleted since the last save, and a mark when it has a problem.
 */
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import SubdirectoryArrowRight from '@mui/icons-material/SubdirectoryArrowRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { RepairPage, RepairQuestion } from '@rentloop/domain/repair-questions';
import { hasProblem, type Problem, type Selection } from './problem-list.ts';
import { repairQuestionsIds as ids } from './testids.ts';

/** "when is_complete is no", or what the question's link description says. */
export function linkText(question: RepairQuestion): string | null {
  if (!question.parent) return null;
  const when = `when ${question.parent.name || '…'} is ${question.parent.conditional_value || '…'}`;
  return question.link_description ? `${when}: ${question.link_description}` : when;
}

const problemMark = (
  <ErrorOutlined color="error" fontSize="small" titleAccess="Has a problem" sx={{ flexShrink: 0 }} />
);

function QuestionRow({
  question,
  selected,
  cleared,
  problem,
  onSelect,
}: {
  question: RepairQuestion;
  selected: boolean;
  cleared: boolean;
  problem: boolean;
  onSelect: () => void;
}) {
  const link = linkText(question);
  return (
    <ListItemButton
      selected={selected}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid={ids.questionItem(question.name)}
      sx={{ pl: 4, py: 0.75, borderRadius: 1, alignItems: 'flex-start', gap: 1 }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 18, pt: 0.25 }}>
        {question.position}.
      </Typography>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {question.text || <em>No question text yet</em>}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {question.name} · {question.type}
          {question.action === 'REMOVE_STOCK' ? ' · REMOVE_STOCK' : ''}
        </Typography>
        {link && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', overflowWrap: 'anywhere' }}
          >
            <SubdirectoryArrowRight sx={{ fontSize: 14, mt: 0.25 }} aria-hidden />
            <span>{link}</span>
          </Typography>
        )}
        {cleared && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<LinkOff />}
            label="Link cleared: its parent was deleted"
            data-testid={ids.linkCleared}
            sx={{ mt: 0.5, maxWidth: '100%' }}
          />
        )}
      </Box>
      {problem && problemMark}
    </ListItemButton>
  );
}

export function QuestionTree({
  pages,
  selection,
  cleared,
  problems,
  onSelect,
}: {
  pages: RepairPage[];
  selection: Selection;
  cleared: ReadonlySet<string>;
  problems: readonly Problem[];
  onSelect: (selection: Selection) => void;
}) {
  if (pages.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        No pages. Add a page to start.
      </Typography>
    );
  return (
    <List dense aria-label="Pages and questions" data-testid={ids.tree} sx={{ px: 1 }}>
      {pages.map((page, i) => {
        const pageSelected = selection.page === i && selection.question === null;
        return (
          // Rows hold no state: their place is their key (names may repeat while being edited).
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Box component="li" key={i} sx={{ listStyle: 'none' }}>
            <ListItemButton
              selected={pageSelected}
              onClick={() => onSelect({ page: i, question: null })}
              aria-current={pageSelected ? 'true' : undefined}
              data-testid={ids.pageItem(i)}
              sx={{ borderRadius: 1, gap: 1, mt: i === 0 ? 0 : 1 }}
            >
              <Typography variant="subtitle2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {page.position}. {page.name || <em>No name yet</em>}
              </Typography>
              <Chip
                size="small"
                label={page.type}
                color={page.type === 'SUMMARY' ? 'secondary' : 'default'}
                variant="outlined"
              />
              {hasProblem(problems, i, null) && problemMark}
            </ListItemButton>
            <List dense disablePadding>
              {page.questions.map((question, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows hold no state; names may repeat while edited.
                <Box component="li" key={j} sx={{ listStyle: 'none' }}>
                  <QuestionRow
                    question={question}
                    selected={selection.page === i && selection.question === j}
                    cleared={cleared.has(question.name) && !question.parent}
                    problem={hasProblem(problems, i, j)}
                    onSelect={() => onSelect({ page: i, question: j })}
                  />
                </Box>
              ))}
              {page.questions.length === 0 && (
                <Typography component="li" variant="caption" color="text.secondary" sx={{ pl: 4, py: 0.5 }}>
                  No questions on this page yet.
                </Typography>
              )}
            </List>
          </Box>
        );
      })}
    </List>
  );
}
