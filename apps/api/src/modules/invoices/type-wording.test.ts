/**
 * The legal wording of each invoice type (issue 24 part 6), in all five template languages, as the
 * rendered PDF and HTML print it: a cancellation names the invoice it cancels, a replacement the one it
 * replaces, a refund the invoice and the positions it refunds (only the invoice when by amount), a
 * collective invoice its period, a statement that it is no invoice and states no VAT of its own.
 */
import { TEMPLATE_LANGUAGES } from '@rentloop/domain/enums';
import { formatInvoiceDate } from '@rentloop/domain/invoice-document';
import { fillLabel, INVOICE_LABELS, invoiceReference } from '@rentloop/domain/invoice-labels';
import { invoiceTax } from '@rentloop/domain/invoice-tax';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { testCtx } from '../../testing/ctx.ts';
import { createCompany, useHarness } from '../../testing/harness.ts';
import { renderStatementHtml, renderStatementPdf } from '../cumulated-invoices/statement.ts';
import { renderInvoiceHtml } from './document.ts';
import { renderInvoicePdf } from './pdf.ts';
import { sampleInvoiceDocument } from './pdf-sample.ts';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return squash(text);
}
const original = { number: 'RE-2026-000099', issueDate: '2026-02-28' };

describe('the reference of each type, in each language', () => {
  it('names what it corrects, refunds or bills', () => {
    for (const language of TEMPLATE_LANGUAGES) {
      const l = INVOICE_LABELS[language];
      const o = { number: 'RE-9', date: '01.02.2026' };
      expect(invoiceReference(l, 'cancellation', { original: o })).toBe(fillLabel(l.corrects, o));
      expect(invoiceReference(l, 'replacement', { original: o })).toBe(fillLabel(l.replaces, o));
      for (const type of ['partial_refund', 'full_refund', 'refund']) {
        expect(invoiceReference(l, type, { original: o, positions: [2, 1, 2] })).toBe(
          fillLabel(l.refunds, { ...o, positions: '1, 2' }),
        );
        expect(invoiceReference(l, type, { original: o })).toBe(fillLabel(l.refundsAmount, o));
      }
      const period = { start: 'a', end: 'b' };
      expect(invoiceReference(l, 'cumulated invoice', { period })).toBe(fillLabel(l.collective, period));
      expect(invoiceReference(l, 'initial', { period })).toBe('');
      // Every wording names its invoice (or period) and differs from the others.
      const words = [l.corrects, l.replaces, l.refunds, l.refundsAmount, l.collective, l.statementNote];
      expect(new Set(words).size).toBe(words.length);
      expect(l.refunds).toContain('{positions}');
    }
    expect(INVOICE_LABELS.de.refunds).toBe(
      'Erstattung der Positionen {positions} der Rechnung {number} vom {date}',
    );
  });
});

describe('the PDF prints it', () => {
  it('for a refund by lines, a collective invoice and a statement, in every language', async () => {
    for (const language of TEMPLATE_LANGUAGES) {
      const l = INVOICE_LABELS[language];
      const date = formatInvoiceDate(original.issueDate, language);
      const refund = await pdfText(
        await renderInvoicePdf({
          ...sampleInvoiceDocument({ type: 'partial_refund', language, lines: 2 }),
          original,
          refundedPositions: [1, 3],
        }),
      );
      expect(refund).toContain(
        squash(fillLabel(l.refunds, { number: original.number, date, positions: '1, 3' })),
      );
      const collective = await pdfText(
        await renderInvoicePdf(sampleInvoiceDocument({ type: 'cumulated invoice', language, lines: 2 })),
      );
      expect(collective).toContain(squash(l.titles['cumulated invoice']));
      expect(collective).toContain(
        squash(
          fillLabel(l.collective, {
            start: formatInvoiceDate('2026-03-01', language),
            end: formatInvoiceDate('2026-03-31', language),
          }),
        ),
      );
    }
  });
});

const h = useHarness();

describe('the HTML of the company template prints it', () => {
  it('for each type and a statement, in every language', async () => {
    const company = await createCompany(h.database, { name: 'Word Loop', currency: 'EUR' });
    const ctx = testCtx(h.database.primary, company.id);
    const lines = [{ description: 'Bike', quantity: 1, unit_amount: 1190n }];
    const tax = invoiceTax('gross_prices', [{ amount: 1190n, tax_percent: '19' }]);
    for (const language of TEMPLATE_LANGUAGES) {
      const l = INVOICE_LABELS[language];
      const o = { number: original.number, date: formatInvoiceDate(original.issueDate, language) };
      const render = (
        type: 'cancellation' | 'replacement' | 'partial_refund' | 'full_refund' | 'cumulated invoice',
        positions: number[] = [],
      ) =>
        renderInvoiceHtml(ctx, {
          companyId: company.id,
          language,
          currency: 'EUR',
          number: 'RE-1',
          issueDate: '2026-03-31',
          dueDate: '2026-04-14',
          buyer: { name: 'Ann', email: 'ann@example.com' },
          seller: {
            company_name: 'Word Loop GmbH',
            address: '',
            vat_number: '',
            bank_name: '',
            iban: '',
            bic: '',
          },
          lines,
          tax,
          taxPercents: ['19'],
          type,
          original: type === 'cumulated invoice' ? null : original,
          positions,
          period: type === 'cumulated invoice' ? { start: '2026-03-01', end: '2026-03-31' } : null,
        });
      const has = (html: string, text: string) => expect(html).toContain(text.replaceAll("'", '&#39;'));
      has(await render('cancellation'), fillLabel(l.corrects, o));
      has(await render('replacement'), fillLabel(l.replaces, o));
      has(await render('partial_refund', [2]), fillLabel(l.refunds, { ...o, positions: '2' }));
      has(await render('full_refund'), fillLabel(l.refundsAmount, o));
      const period = {
        start: formatInvoiceDate('2026-03-01', language),
        end: formatInvoiceDate('2026-03-31', language),
      };
      has(await render('cumulated invoice'), fillLabel(l.collective, period));

      const statement = {
        language,
        currency: 'EUR',
        number: 'ST-2026-1',
        issueDate: '2026-04-01',
        period: { start: '2026-03-01', end: '2026-03-31' },
        customer: { id: 1, name: 'Ann', email: 'ann@example.com' },
        entries: [
          {
            invoice_id: 1,
            number: 'RE-7',
            type: 'recurring payment',
            issue_date: '2026-03-10',
            gross: '1190',
          },
        ],
        total: 1190n,
      };
      const note = fillLabel(l.statementNote, period);
      const html = await renderStatementHtml(ctx, statement);
      has(html, l.statement);
      has(html, note);
      const text = await pdfText(await renderStatementPdf(ctx, statement));
      // From its second letter: the text extraction reads a capital O of the embedded font as U+0003
      // (Dutch "Overzicht…"; the same in the invoices' "Omschrijving"), a reader's quirk, not the PDF's text.
      expect(text).toContain(squash(note).slice(1));
      expect(text).toContain(squash(l.statementNumber).slice(1));
      expect(text).not.toContain(squash(l.vatBreakdown));
    }
  });
});
