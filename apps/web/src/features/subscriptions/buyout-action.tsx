/**
 * The Buyout action of a subscription (`POST subscriptions/{id}/process-buyout`, spec 01 §4), an
 * `ActionDialog` like End and Refund: it shows the offer (`GET subscriptions/{id}/buyout`: the buyout
 * price, what was paid so far, what is left), takes the price to charge (the amount left by default) and
 * a message, and confirms. The subscription then ends with the action bought_out; the dialog shows the
 * buyout invoice and its charge.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@rentloop/domain/messages';
import type { BuyoutOffer, BuyoutResult } from '@rentloop/domain/one-time-payments';
import type { Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { readAmount } from '../../components/money-input.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { newKey } from '../customers/payment-method-hooks.ts';
import { invoiceTitle } from '../invoices/invoice-format.ts';
import { type BuyoutRequest, useProcessBuyout } from './one-time-hooks.ts';
import { subscriptionsIds } from './testids.ts';

function buyoutSchema(currency: string) {
  return z.object({
    buyout_price: z
      .string()
      .refine((v) => typeof readAmount(v, currency) === 'string', MESSAGES.amountInvalid),
    message: z.string().max(2000),
  });
}
type Values = z.input<ReturnType<typeof buyoutSchema>>;

/** The offer, as the dialog states it above the fields. */
function OfferSummary({ offer }: { offer: BuyoutOffer }) {
  const row = (label: string, value: string | null, testId: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {formatAmount(value, offer.currency)}
      </Typography>
    </Box>
  );
  return (
    <Stack spacing={0.5} data-testid={subscriptionsIds.buyoutOffer}>
      {row(
        offer.source === 'catalog' ? 'Buyout price (catalog)' : 'Buyout price',
        offer.buyout_price,
        'buyout-offer-price',
      )}
      {row('Paid so far', offer.paid_so_far, 'buyout-offer-paid')}
      {row('Left to pay', offer.amount_due, 'buyout-offer-due')}
    </Stack>
  );
}

function BuyoutOutcome({ result }: { result: BuyoutResult }) {
  const { invoice, transaction } = result;
  return (
    <Stack spacing={1} data-testid={subscriptionsIds.buyoutOutcome}>
      <Typography variant="body2">The subscription has ended: bought out.</Typography>
      {invoice && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
          <Link component={RouterLink} to={`/cms/invoices/${invoice.id}`} sx={{ fontWeight: 600 }}>
            {invoiceTitle(invoice)}
          </Link>
          <Typography variant="body2">{formatAmount(invoice.gross, invoice.currency)}</Typography>
          {transaction && (
            <Link component={RouterLink} to={`/cms/transactions/${transaction.id}`}>
              Charge #{transaction.id}
            </Link>
          )}
          {transaction && <StatusChip status={transaction.state} />}
        </Box>
      )}
    </Stack>
  );
}

export function useBuyoutDialog() {
  const openBuyout = useActionDialog((id: number, offer: BuyoutOffer) => {
    const idempotencyKey = newKey();
    const schema = buyoutSchema(offer.currency);
    return {
      title: 'Buy out subscription',
      intro: (
        <Stack spacing={1.5}>
          <span>
            The customer keeps the product: the subscription ends (bought out), its payments not billed yet
            are deleted, and the buyout price is invoiced and charged on the order's payment method.
          </span>
          <OfferSummary offer={offer} />
        </Stack>
      ),
      schema,
      defaults: { buyout_price: offer.amount_due ?? '', message: '' },
      useAction: useProcessBuyout,
      id,
      payload: (v: z.output<typeof schema>): BuyoutRequest => ({
        idempotencyKey,
        buyout_price: readAmount(v.buyout_price, offer.currency) ?? '',
        ...(v.message.trim() ? { message: v.message.trim() } : {}),
      }),
      confirmLabel: 'Buy out',
      saved: MESSAGES.buyoutProcessed,
      failed: MESSAGES.buyoutFailed,
      outcome: (result: { data: BuyoutResult }) => <BuyoutOutcome result={result.data} />,
      testIds: { dialog: subscriptionsIds.buyoutDialog, confirm: subscriptionsIds.buyoutConfirm },
      fields: (control: Control<Values, unknown, z.output<typeof schema>>) => (
        <>
          <FormTextField
            control={control}
            name="buyout_price"
            label={`Buyout price (${offer.currency})`}
            helperText="What is invoiced and charged now."
            autoFocus
            required
            slotProps={{ htmlInput: { 'data-testid': subscriptionsIds.buyoutPrice, inputMode: 'decimal' } }}
          />
          <FormTextField
            control={control}
            name="message"
            label="Message (optional)"
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': subscriptionsIds.buyoutMessage, maxLength: 2000 } }}
          />
        </>
      ),
    };
  });
  return { openBuyout };
}
