import { describe, expect, it } from 'vitest';
import { previewRecordType, templateKind } from './template-kinds.ts';

const typeOf = (id: string) => previewRecordType(templateKind(id)!);

describe('previewRecordType', () => {
  it('picks the record whose fields the template needs', () => {
    expect(typeOf('order_confirmation')).toBe('order');
    expect(typeOf('quote')).toBe('quote');
    expect(typeOf('invoice')).toBe('invoice');
    expect(typeOf('payment_failed_2')).toBe('invoice');
    expect(typeOf('payment_method_declined')).toBe('invoice');
    expect(typeOf('invoice_document')).toBe('invoice');
    expect(typeOf('subscription_ending')).toBe('subscription');
    expect(typeOf('buyout_offer')).toBe('subscription');
    expect(typeOf('subscription_summary')).toBe('subscription');
    expect(typeOf('payment_receipt')).toBe('invoice');
    expect(typeOf('debt_collection_handover')).toBe('invoice');
  });
  it('needs no record for mails to staff and the platform', () => {
    expect(typeOf('invitation')).toBeNull();
    expect(typeOf('invoices_download')).toBeNull();
    expect(typeOf('password_reset')).toBeNull();
  });
  it('falls back to a customer for a kind naming only the customer', () => {
    expect(previewRecordType({ placeholders: [{ key: 'customer.name', label: '' }] })).toBe('customer');
  });
});
