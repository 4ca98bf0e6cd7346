/**
 * Debt collection's actions in the one action dialog (docs/web.md "Action dialogs"): hand an invoice over
 * (`POST debtist/invoice/{id}/claim`), comment on a claim, create the company's Debtist user. The toasts
 * are the spec's (02 §8 "Debt claim", "Claim comment", "Debt user").
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { z } from 'zod';
import { FormTextField } from '../../components/FormTextField.tsx';
import { formatAmount } from '../../components/money.ts';
import { useActionDialog } from '../../components/use-action-dialog.tsx';
import { useAddClaimComment, useClaimInvoice, useCreateDebtUser } from './hooks.ts';
import { debtIds } from './testids.ts';

const testIds = { dialog: debtIds.dialog, confirm: debtIds.confirm };

/** The domain's rules (debtCommentInputSchema, debtUserInputSchema) with their messages; the API checks with those. */
const commentSchema = z.object({ comment: z.string().trim().min(1, MESSAGES.required).max(5000) });
const userSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email('Email must be valid.')),
  first_name: z.string().trim().min(1, MESSAGES.required).max(100),
  last_name: z.string().trim().min(1, MESSAGES.required).max(100),
});

interface InvoiceRef {
  id: number;
  number: string | null;
  gross: string;
  currency: string;
  customer: { name: string };
}

export function useHandOverDialog(onSaved?: (claimId: number) => void) {
  const openHandOver = useActionDialog((invoice: InvoiceRef) => ({
    title: 'Hand to debt collection',
    intro: `${formatAmount(invoice.gross, invoice.currency)} owed by ${invoice.customer.name} on invoice ${invoice.number ?? `#${invoice.id}`} is filed as a claim at the debt collection agency (Debtist), which then collects it. A payment it collects settles the invoice on the next sync.`,
    useAction: useClaimInvoice,
    id: invoice.id,
    payload: () => undefined,
    confirmLabel: 'Hand over',
    saved: MESSAGES.debtClaimFiled,
    failed: MESSAGES.debtClaimFailed,
    maxWidth: 'xs' as const,
    testIds,
    onSaved: (result: { data: { id: number } }) => onSaved?.(result.data.id),
  }));
  return { openHandOver };
}

export function useCommentDialog() {
  const openComment = useActionDialog((claimId: number) => ({
    title: 'Add comment',
    intro: 'The comment goes to the agency with the claim’s activity, signed with your name.',
    schema: commentSchema,
    defaults: { comment: '' },
    useAction: useAddClaimComment,
    id: claimId,
    confirmLabel: 'Add comment',
    saved: MESSAGES.debtCommentAdded,
    failed: MESSAGES.debtCommentFailed,
    testIds,
    fields: (control) => (
      <FormTextField
        control={control}
        name="comment"
        label="Comment"
        required
        multiline
        minRows={3}
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': debtIds.input('comment'), maxLength: 5000 } }}
      />
    ),
  }));
  return { openComment };
}

export function useCreateDebtUserDialog() {
  const openCreateUser = useActionDialog(() => ({
    title: 'Create Debtist user',
    intro: 'The agency makes a login to its portal for this person, where they follow the company’s claims.',
    schema: userSchema,
    defaults: { email: '', first_name: '', last_name: '' },
    useAction: useCreateDebtUser,
    confirmLabel: 'Create user',
    saved: 'Debtist user created.',
    failed: MESSAGES.debtUserFailed,
    maxWidth: 'xs' as const,
    testIds,
    fields: (control) => (
      <>
        <FormTextField
          control={control}
          name="first_name"
          label="First name"
          required
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': debtIds.input('first_name') } }}
        />
        <FormTextField
          control={control}
          name="last_name"
          label="Last name"
          required
          slotProps={{ htmlInput: { 'data-testid': debtIds.input('last_name') } }}
        />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          required
          slotProps={{ htmlInput: { 'data-testid': debtIds.input('email'), inputMode: 'email' } }}
        />
      </>
    ),
  }));
  return { openCreateUser };
}
