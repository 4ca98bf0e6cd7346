/**
 * `/cms/questions` (spec 02 §2 "Repair Questions", admin level): loads the company's questionnaire
 * (its latest version, or the default) and opens the editor on it. A failed load says so with the
 * spec's text, "Could not fetch data: ...", and offers to try again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { notify } from '../../utils/notify.ts';
import { useRepairQuestions } from './hooks.ts';
import { QuestionnaireEditor } from './QuestionnaireEditor.tsx';
import { repairQuestionsIds as ids } from './testids.ts';

export function QuestionsPage() {
  const query = useRepairQuestions();
  const failure = query.error?.message;
  useEffect(() => {
    if (failure) notify.error(failure);
  }, [failure]);

  if (query.data)
    return (
      <QuestionnaireEditor questionnaire={query.data} reload={async () => (await query.refetch()).data} />
    );
  return (
    <>
      <PageHeader title="Repair Questions" />
      {query.isError ? (
        <Alert
          severity="error"
          data-testid={ids.fetchError}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void query.refetch()}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Try again
            </Button>
          }
        >
          {failure}
        </Alert>
      ) : (
        <Stack spacing={2} aria-busy="true" aria-label="Loading the questionnaire">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={360} />
        </Stack>
      )}
    </>
  );
}
