/**
 * The credit check of an order's customer, in the customer card: a button that asks the company's
 * provider (CRIF) through `GET order_customers/{id}/crif`, then the decision chip, score, reference and
 * date. No provider configured (409) shows the server's message with a link to the settings section;
 * a provider failure (502) shows its message.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CREDIT_DECISION_LABELS, type CreditDecision } from '@rentloop/domain/credit-checks';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { formatDateTime } from '../../utils/dates.ts';
import { useCreditCheck } from './hooks.ts';
import { ordersIds } from './testids.ts';

const DECISION_COLORS: Record<CreditDecision, 'success' | 'warning' | 'error'> = {
  approved: 'success',
  review: 'warning',
  declined: 'error',
};

export function CreditCheckPanel({ orderId }: { orderId: number }) {
  const check = useCreditCheck(orderId);
  const result = check.data?.data;
  const error = check.error;
  const notConfigured = error instanceof ApiError && error.status === 409;

  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Credit check
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={check.isPending}
          onClick={() => check.mutate(false)}
          data-testid={ordersIds.creditCheck}
        >
          {check.isPending ? 'Checking…' : result ? 'Show latest check' : 'Credit check'}
        </Button>
        {result && (
          <Button
            size="small"
            disabled={check.isPending}
            onClick={() => check.mutate(true)}
            data-testid={ordersIds.creditCheckAgain}
          >
            Check again
          </Button>
        )}
      </Stack>
      {result && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          data-testid={ordersIds.creditResult}
        >
          <Chip
            size="small"
            color={DECISION_COLORS[result.decision]}
            label={CREDIT_DECISION_LABELS[result.decision]}
            data-testid={ordersIds.creditDecision}
          />
          <Typography variant="body2">Score {result.score ?? '–'}</Typography>
          <Typography variant="body2">Ref. {result.reference}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(result.checked_at)}
            {result.reused ? ' (stored check)' : ''}
          </Typography>
          {result.reasons.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
              {result.reasons.join(' · ')}
            </Typography>
          )}
        </Stack>
      )}
      {error && (
        <Alert
          severity={notConfigured ? 'info' : 'error'}
          data-testid={ordersIds.creditProblem}
          sx={{ width: '100%' }}
        >
          {error.message}
          {notConfigured && (
            <>
              {' '}
              <Link component={RouterLink} to="/admin/settings?section=credit_check">
                Open the credit check settings
              </Link>
            </>
          )}
        </Alert>
      )}
    </Box>
  );
}
