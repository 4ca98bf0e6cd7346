/** The questionnaire's problems above the editor: each names its place and selects it on a click. */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Problem, Selection } from './problem-list.ts';
import { repairQuestionsIds as ids } from './testids.ts';

export function ProblemsAlert({
  problems,
  onSelect,
}: {
  problems: readonly Problem[];
  onSelect: (selection: Selection) => void;
}) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid={ids.problems}>
      <AlertTitle>
        {problems.length === 1
          ? 'One problem to fix before saving'
          : `${problems.length} problems to fix before saving`}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {problems.map((problem) => (
          <li key={problem.path} data-testid={ids.problem}>
            {problem.select ? (
              <Link
                component="button"
                type="button"
                color="inherit"
                onClick={() => problem.select && onSelect(problem.select)}
                sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
              >
                {problem.where}
              </Link>
            ) : (
              problem.where
            )}
            {' · '}
            {problem.field}: {problem.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
