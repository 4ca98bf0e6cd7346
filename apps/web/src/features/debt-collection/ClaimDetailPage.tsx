/**
 * `/cms/debt-collection/claims/{id}`: one claim: its invoice and customer, status, the amount claimed,
 * what the agency collected and its fee, when the collection settled the invoice, why the latest call to
 * the agency failed, and its activity (comments by staff and by the agency, oldest first) with "Add
 * comment" (`POST debtist/claims/{id}/activity/comments`).
 */
import AddComment from '@mui/icons-material/AddCommentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DebtClaimDetail } from '@rentloop/domain/debt-collection';
import { Fragment } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { formatDateTime } from '../../utils/dates.ts';
import { ClaimStatus } from './DebtCollectionPage.tsx';
import { useCommentDialog } from './debt-actions.tsx';
import { isNotConfigured, useDebtClaim } from './hooks.ts';
import { NotConfigured } from './NotConfigured.tsx';
import { debtIds } from './testids.ts';

function Activity({ claim }: { claim: DebtClaimDetail }) {
  const { openComment } = useCommentDialog();
  return (
    <Card sx={{ mt: 2 }} data-testid={debtIds.comments}>
      <CardHeader
        title="Activity"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddComment fontSize="small" />}
            disabled={claim.reference === null}
            title={
              claim.reference === null
                ? 'The agency has not confirmed this claim yet: sync first.'
                : undefined
            }
            onClick={() => openComment(claim.id)}
            data-testid={debtIds.addComment}
          >
            Add comment
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {claim.comments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No activity yet.
          </Typography>
        ) : (
          <Stack divider={<Divider flexItem />} spacing={1.5}>
            {claim.comments.map((c) => (
              <Fragment key={c.id}>
                <Box data-testid={`debt-claim-comment-${c.id}`} data-source={c.source}>
                  <Typography variant="caption" color="text.secondary">
                    {c.author ?? (c.source === 'agency' ? 'Agency' : 'Staff')} ·{' '}
                    {c.source === 'agency' ? 'Agency' : 'Staff'} · {formatDateTime(c.created_at)}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {c.comment}
                  </Typography>
                </Box>
              </Fragment>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export function ClaimDetailPage() {
  const id = Number(useParams().id);
  const claim = useDebtClaim(id);
  if (isNotConfigured(claim.error)) return <NotConfigured message={claim.error?.message ?? ''} />;
  return (
    <DetailPage
      query={claim}
      list={{ to: '/cms/debt-collection', label: 'Debt Collection', all: 'All claims' }}
      backTestId={debtIds.back}
      notFound="This claim does not exist in the current company."
      testId={debtIds.detailPage}
      errorTestId={debtIds.detailError}
      crumb={(c) => `Claim #${c.id}`}
      header={(c) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1">
            {c ? `Claim #${c.id}` : 'Claim'}
          </Typography>
          {c && <ClaimStatus claim={c} />}
        </Stack>
      )}
    >
      {(c) => (
        <>
          {c.last_error && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid={debtIds.lastError}>
              The latest call to the agency failed: {c.last_error}
            </Alert>
          )}
          <DetailGrid>
            <DetailField label="Invoice" testId={debtIds.field('invoice')}>
              <Link component={RouterLink} to={`/cms/invoices/${c.invoice_id}`}>
                {c.invoice_number ?? `Invoice #${c.invoice_id}`}
              </Link>
            </DetailField>
            <DetailField label="Customer" testId={debtIds.field('customer')}>
              <Link component={RouterLink} to={`/cms/customers/${c.customer_id}`}>
                {c.customer_name ?? `Customer #${c.customer_id}`}
              </Link>
            </DetailField>
            <DetailField
              label="Amount claimed"
              value={formatAmount(c.amount, c.currency)}
              testId={debtIds.field('amount')}
            />
            <DetailField
              label="Collected"
              value={formatAmount(c.paid_amount, c.currency)}
              testId={debtIds.field('paid_amount')}
            />
            <DetailField
              label="Agency fee"
              value={formatAmount(c.fee, c.currency)}
              testId={debtIds.field('fee')}
            />
            <DetailField label="Agency reference" value={c.reference} testId={debtIds.field('reference')} />
            <DetailField
              label="Invoice settled"
              value={c.settled_at ? formatDateTime(c.settled_at) : null}
              testId={debtIds.field('settled_at')}
            />
            <DetailField
              label="Last synced"
              value={c.last_synced_at ? formatDateTime(c.last_synced_at) : null}
              testId={debtIds.field('last_synced_at')}
            />
            <DetailField
              label="Handed over"
              value={formatDateTime(c.created_at)}
              testId={debtIds.field('created_at')}
            />
          </DetailGrid>
          <Activity claim={c} />
        </>
      )}
    </DetailPage>
  );
}
