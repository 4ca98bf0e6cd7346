/** The billing objects' machines for `transition()` (modules/events/transition.ts). */
import type { InvoiceSettlement } from '@rentloop/domain/enums';
import {
  INVOICE_PAYMENT_TRANSITIONS,
  type InvoiceGuardInput,
  type InvoicePaymentAction,
} from '@rentloop/domain/invoices';
import {
  TRANSACTION_TRANSITIONS,
  type TransactionAction,
  type TransactionState,
} from '@rentloop/domain/payments';
import {
  RECURRING_PAYMENT_TRANSITIONS,
  type RecurringPaymentAction,
  type RecurringPaymentGuardInput,
  type RecurringPaymentStatus,
} from '@rentloop/domain/recurring-payments';
import { invoices, recurringPayments, transactions } from '../../db/schema/index.ts';
import type { Machine } from '../events/transition.ts';

/** An invoice's payment status (its document status is set once, at issue). */
export const invoicePaymentMachine: Machine<InvoiceSettlement, InvoicePaymentAction, InvoiceGuardInput> = {
  object: 'invoice',
  table: invoices,
  id: invoices.id,
  status: invoices.payment_status,
  companyId: invoices.company_id,
  updatedAt: invoices.updated_at,
  transitions: INVOICE_PAYMENT_TRANSITIONS,
};

export const transactionMachine: Machine<TransactionState, TransactionAction, void> = {
  object: 'transaction',
  table: transactions,
  id: transactions.id,
  status: transactions.state,
  companyId: transactions.company_id,
  updatedAt: transactions.updated_at,
  transitions: TRANSACTION_TRANSITIONS,
};

export const recurringPaymentMachine: Machine<
  RecurringPaymentStatus,
  RecurringPaymentAction,
  RecurringPaymentGuardInput
> = {
  object: 'recurring_payment',
  table: recurringPayments,
  id: recurringPayments.id,
  status: recurringPayments.status,
  companyId: recurringPayments.company_id,
  updatedAt: recurringPayments.updated_at,
  transitions: RECURRING_PAYMENT_TRANSITIONS,
};
