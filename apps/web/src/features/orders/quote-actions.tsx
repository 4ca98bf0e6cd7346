/**
 * A quote's two steps that cannot be taken back, each asked first in the app's one action dialog
 * (`ActionDialog`, docs/web.md "Action dialogs"), saying what will happen (issue 25, "nothing
 * irreversible happens by accident"):
 * - Finalise (`POST orders/swap-draft/{id}`): the quote becomes an order and takes the next order
 *   number; numbers are gapless, so a finalised quote is not turned back.
 * - Send quote (`POST email/send-draft`): the mail goes to the customer. The API has no preview of one
 *   record's mail (the template preview renders unsaved template text on sample records), so the dialog
 *   says plainly what is known: the recipient, the template and what the mail carries, with a link to
 *   the template to read its text.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import type { OrderDetail } from '@rentloop/domain/order-details';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatAmount } from '../../components/money.ts';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { useFinaliseDraft, useSendQuoteMail } from './hooks.ts';
import { ordersIds } from './testids.ts';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '8rem 1fr' }, columnGap: 2, mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function useFinaliseQuoteDialog() {
  const navigate = useNavigate();
  const openFinaliseQuote = useActionDialog((quote: OrderDetail) => ({
    title: `Finalise quote #${quote.id}?`,
    intro: (
      <>
        The quote becomes an order for {quote.customer_name} ({formatAmount(quote.total, quote.currency)}) and
        takes the next order number. Order numbers have no gaps, so this cannot be undone: the quote can no
        longer be edited or deleted, only the order cancelled.
      </>
    ),
    useAction: useFinaliseDraft,
    id: quote.id,
    payload: () => undefined,
    confirmLabel: 'Finalise',
    cancelLabel: 'Back',
    saved: MESSAGES.orderFinalised,
    failed: MESSAGES.orderFinaliseFailed,
    onSaved: ({ data }: { data: OrderDetail }) => navigate(`/cms/orders/${data.id}`),
    maxWidth: 'xs',
    testIds: { dialog: ordersIds.finaliseDialog, confirm: ordersIds.finaliseConfirm },
  }));
  return { openFinaliseQuote };
}

/** The action's hook: `send-draft` of the quote given as the mutation's input. */
function useSendQuote(_id: number) {
  return useSendQuoteMail();
}

export function useSendQuoteDialog() {
  const openSendQuote = useActionDialog((quote: OrderDetail) => ({
    title: `Send quote #${quote.id}?`,
    intro: 'The quote is mailed to its customer as follows.',
    // The facts as the dialog's body (not the intro, a paragraph, which cannot hold them).
    fields: () => (
      <Box>
        <Fact label="To" testId={ordersIds.sendTo}>
          {quote.customer_name} &lt;{quote.customer_email}&gt;
        </Fact>
        <Fact label="Template" testId={ordersIds.sendTemplate}>
          <Link component={RouterLink} to="/cms/email-templates" target="_blank" rel="noopener">
            Quote
          </Link>{' '}
          (your company's text in the customer's language, else the default)
        </Fact>
        <Fact label="It carries">
          Quote Q-{quote.id}, its total {formatAmount(quote.total, quote.currency)} and a link to it
        </Fact>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The mail is handed to the mail server at once and cannot be called back.
        </Typography>
      </Box>
    ),
    useAction: useSendQuote,
    id: quote.id,
    payload: () => quote.id,
    confirmLabel: 'Send quote',
    cancelLabel: 'Back',
    // The server's answer says what happened: "Email sent." once the mail server took it, else why not
    // (refused, unreachable, not configured), which the dialog keeps showing.
    saved: MESSAGES.emailSent,
    failed: MESSAGES.emailSendFailed,
    maxWidth: 'sm',
    testIds: { dialog: ordersIds.sendDialog, confirm: ordersIds.sendConfirm },
  }));
  return { openSendQuote };
}
