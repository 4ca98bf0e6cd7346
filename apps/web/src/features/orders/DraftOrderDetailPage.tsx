/**
 * `/cms/orders/drafts/{id}`: one quote: customer, items and totals, with "Send quote", "Finalise"
 * (it becomes an order: its page opens; both asked first, `quote-actions.tsx`), "Delete" and "Edit" (the order builder with `?draft=`).
 */
import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Send from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CardGrid, DetailPage } from '../../components/DetailPage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { useDeleteDraft, useDraftOrder } from './hooks.ts';
import { OrderCustomerCard } from './OrderDetailPage.tsx';
import { OrderItemsCard } from './OrderItemsCard.tsx';
import { useFinaliseQuoteDialog, useSendQuoteDialog } from './quote-actions.tsx';
import { ordersIds } from './testids.ts';

export function DraftOrderDetailPage() {
  const id = Number(useParams().id);
  const draft = useDraftOrder(id);
  const navigate = useNavigate();
  const { openSendQuote } = useSendQuoteDialog();
  const { openFinaliseQuote } = useFinaliseQuoteDialog();
  const remove = useDeleteDraft(id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = remove.isPending;
  const failed = (error: Error) => notify.error(error.message);

  return (
    <DetailPage
      query={draft}
      list={{ to: '/cms/orders/drafts', label: 'Quotes', all: 'All quotes' }}
      crumb={(d) => `Quote ${d.id}`}
      notFound="This quote does not exist in the current company (a finalised quote is an order now)."
      testId={ordersIds.draftDetailPage}
      errorTestId={ordersIds.detailError}
      header={(d) => (
        <PageHeader
          title={d ? `Quote #${d.id}` : <Skeleton width={200} />}
          titleTestId={ordersIds.detailTitle}
          subtitle={d ? `Created ${formatDateTime(d.created_at)}` : <Skeleton width={160} />}
          actions={
            <>
              <Button
                variant="outlined"
                color="error"
                startIcon={<Delete />}
                disabled={!d || busy}
                onClick={() => setConfirmDelete(true)}
                data-testid={ordersIds.draftAction('delete')}
              >
                Delete
              </Button>
              <Button
                component={Link}
                to={`/cms/orders/create?draft=${id}`}
                variant="outlined"
                startIcon={<Edit />}
                disabled={!d}
                data-testid={ordersIds.draftAction('edit')}
              >
                Edit
              </Button>
              <Button
                variant="outlined"
                startIcon={<Send />}
                disabled={!d || busy}
                onClick={() => d && openSendQuote(d)}
                data-testid={ordersIds.draftAction('send')}
              >
                Send quote
              </Button>
              <Button
                variant="contained"
                disabled={!d || busy}
                onClick={() => d && openFinaliseQuote(d)}
                data-testid={ordersIds.draftAction('finalise')}
              >
                Finalise
              </Button>
            </>
          }
        />
      )}
      extra={
        <ConfirmDialog
          open={confirmDelete}
          title="Delete this quote?"
          confirmLabel="Delete"
          busy={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: ({ message }) => {
                notify.success(message);
                navigate('/cms/orders/drafts');
              },
              onError: (error) => {
                failed(error);
                setConfirmDelete(false);
              },
            })
          }
        >
          The quote and its items are deleted for good. An order placed from it is not affected.
        </ConfirmDialog>
      }
    >
      {(d) => (
        <CardGrid alignStart>
          <OrderCustomerCard order={d} />
          <OrderItemsCard order={d} tracking={false} />
        </CardGrid>
      )}
    </DetailPage>
  );
}
