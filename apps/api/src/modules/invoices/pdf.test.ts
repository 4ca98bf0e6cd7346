/**
 * The invoice PDF read back as a reader sees it (pdf.js through unpdf): its words in Greek and with
 * every accent, every amount of the document and no other, the totals on the last of several pages,
 * each language's title, and the same bytes for the same document (BILLING.md "Issued means frozen").
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_LANGUAGES } from '@rentloop/domain/enums';
import type { InvoicePdfDocument } from '@rentloop/domain/invoice-document';
import { fillLabel, INVOICE_LABELS } from '@rentloop/domain/invoice-labels';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './pdf.ts';
import { sampleInvoiceDocument } from './pdf-sample.ts';

/** Whitespace as one space: pdf.js gives a wrapped line or a no-break space back as whitespace of its choosing. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

async function readPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map(squash);
}

async function readBack(doc: InvoicePdfDocument): Promise<string> {
  return (await readPages(await renderInvoicePdf(doc))).join(' ');
}

/** Every amount the document states, in the order of the document (one entry per printed figure). */
function statedAmounts(doc: InvoicePdfDocument): string[] {
  return [
    ...doc.lines.flatMap((l) => [l.unitPrice, l.vatAmount, l.netAmount]),
    ...doc.vatBreakdown.flatMap((r) => [r.net, r.vat, r.gross]),
    ...Object.values(doc.totals),
  ].map(squash);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('renderInvoicePdf', () => {
  it('reads back with the Greek customer, the accented lines, the seller and the dates', async () => {
    const doc = sampleInvoiceDocument({ lines: 6 });
    const text = await readBack(doc);
    expect(text).toContain('Rechnung RE-2026-000123');
    expect(text).toContain('Γιώργος Παπαδόπουλος');
    expect(text).toContain('Ελληνικά Ποδήλατα Α.Ε.');
    expect(text).toContain('Οδός Ερμού 25');
    for (const line of doc.lines) expect(text).toContain(squash(line.description));
    for (const word of ['Ηλεκτρικό ποδήλατο', 'Müller Straße', 'Łódź', 'Ærø', 'Ñandú', 'Größe']) {
      expect(text).toContain(word);
    }
    expect(text).toContain('31.03.2026');
    expect(text).toContain('14.04.2026');
    expect(text).toContain('01.03.2026 – 31.03.2026');
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
    expect(text).toContain('Amtsgericht München, HRB 123456');
    expect(text).toContain('USt-IdNr.: DE123456789');
    expect(text).toContain('EL094259216');
    expect(text).toContain(squash(doc.paymentTerms ?? ''));
  });

  it('names a Canadian seller’s tax numbers as Canada does (GST/HST, QST), in any invoice language', async () => {
    const sample = sampleInvoiceDocument({ lines: 2 });
    const doc: InvoicePdfDocument = {
      ...sample,
      seller: {
        ...sample.seller,
        vatId: '123456789 RT0001',
        taxNumber: '1234567890 TQ0001',
        register: null,
        taxLabels: { vatId: 'GST/HST No.', taxNumber: 'QST No.' },
      },
    };
    const text = await readBack(doc);
    expect(text).toContain('GST/HST No.: 123456789 RT0001');
    expect(text).toContain('QST No.: 1234567890 TQ0001');
    // The buyer's VAT ID keeps the invoice's own word; the seller's numbers do not use it.
    expect(text).not.toContain('USt-IdNr.: 123456789');
    expect(text).not.toContain('Steuernummer');
    expect(text).not.toContain('Amtsgericht');
  });

  it('prints every amount of the document, and no amount it does not state', async () => {
    const doc = sampleInvoiceDocument({ lines: 10 });
    const text = await readBack(doc);
    const printed = text.match(/-?\d{1,3}(?:\.\d{3})*,\d{2} €/g) ?? [];
    expect(printed.sort()).toEqual(statedAmounts(doc).sort());
  });

  it('prints the VAT breakdown per rate with its net, VAT and gross', async () => {
    const doc = sampleInvoiceDocument({ lines: 10 });
    const text = await readBack(doc);
    expect(doc.vatBreakdown).toHaveLength(2);
    for (const row of doc.vatBreakdown) {
      // One row of the table reads left to right: rate, net, VAT, gross.
      expect(text).toContain(squash(`${row.vatRate} ${row.net} ${row.vat} ${row.gross}`));
    }
    const { totals } = doc;
    expect(text).toContain(squash(`Summe netto ${totals.net}`));
    expect(text).toContain(squash(`Gesamtbetrag ${totals.gross}`));
    expect(text).toContain(squash(`Zu zahlen ${totals.amountDue}`));
  });

  it('continues a long invoice over pages, with the table header on each and the totals on the last', async () => {
    const doc = sampleInvoiceDocument({ lines: 60 });
    const pages = await readPages(await renderInvoicePdf(doc));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const labels = INVOICE_LABELS.de;
    const dueLine = squash(`${labels.amountDue} ${doc.totals.amountDue}`);
    pages.forEach((page, i) => {
      const last = i === pages.length - 1;
      expect(page).toContain(fillLabel(labels.page, { page: i + 1, pages: pages.length }));
      expect(page).toContain('IBAN: DE89 3704 0044 0532 0130 00');
      expect(page.includes(dueLine)).toBe(last);
      expect(page.includes(labels.vatBreakdown)).toBe(last);
      if (i > 0) expect(page).toContain(`Rechnung RE-2026-000123 (${labels.continued})`);
    });
    // Every line once, in order, across the pages.
    const all = pages.join(' ');
    let from = 0;
    for (const line of doc.lines) {
      const at = all.indexOf(squash(line.description), from);
      expect(at, line.description).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    const printed = all.match(/-?\d{1,3}(?:\.\d{3})*,\d{2} €/g) ?? [];
    expect(printed.sort()).toEqual(statedAmounts(doc).sort());
  });

  it('titles the document in each language, a cancellation names the original, a draft says so', async () => {
    for (const language of TEMPLATE_LANGUAGES) {
      const labels = INVOICE_LABELS[language];
      const text = await readBack(sampleInvoiceDocument({ language, lines: 2 }));
      expect(text).toContain(`${labels.titles['recurring payment']} RE-2026-000123`);
      expect(text).toContain(squash(labels.amountDue));
    }
    expect(INVOICE_LABELS.gr.titles.initial).toBe('Τιμολόγιο');
    expect(INVOICE_LABELS.nl.titles.initial).toBe('Factuur');
    expect(INVOICE_LABELS.no.titles.initial).toBe('Faktura');

    const storno = await readBack(sampleInvoiceDocument({ type: 'cancellation', lines: 2 }));
    expect(storno).toContain('Stornorechnung RE-2026-000123');
    expect(storno).toContain('Storno der Rechnung RE-2026-000099 vom 28.02.2026');
    expect(storno).not.toContain('Gutschrift');
    const greek = await readBack(sampleInvoiceDocument({ type: 'cancellation', language: 'gr', lines: 2 }));
    expect(greek).toContain('Ακυρωτικό τιμολόγιο RE-2026-000123');
    expect(greek).toContain('Ακύρωση του τιμολογίου RE-2026-000099 της 28/02/2026');

    const draft = await readBack(sampleInvoiceDocument({ number: null, lines: 2 }));
    expect(draft).toContain('Rechnung (Entwurf)');
    expect(draft).not.toContain('RE-2026-000123');

    const titled = await readBack({ ...sampleInvoiceDocument({ lines: 1 }), title: 'Schlussrechnung' });
    expect(titled).toContain('Schlussrechnung RE-2026-000123');
  });

  it('gives the same bytes for the same document, in this process and in a fresh one', async () => {
    const doc = sampleInvoiceDocument({ lines: 12 });
    const first = await renderInvoicePdf(doc);
    const second = await renderInvoicePdf(structuredClone(doc));
    expect(sha256(second)).toBe(sha256(first));
    // Another document between the two must not leak into the second (shared font, caches).
    await renderInvoicePdf(sampleInvoiceDocument({ lines: 40, language: 'gr' }));
    expect(sha256(await renderInvoicePdf(doc))).toBe(sha256(first));

    const script = fileURLToPath(new URL('./pdf-hash.testing.ts', import.meta.url));
    const fresh = execFileSync(process.execPath, ['--import', 'tsx', script, '12'], { encoding: 'utf8' });
    expect(fresh.trim()).toBe(sha256(first));

    const changed = await renderInvoicePdf({
      ...doc,
      lines: doc.lines.map((l, i) => (i === 3 ? { ...l, description: `${l.description}.` } : l)),
    });
    expect(sha256(changed)).not.toBe(sha256(first));

    // The PDF's own dates are the issue date, not the time of rendering.
    const info = (await (await getDocumentProxy(new Uint8Array(first))).getMetadata()).info as {
      CreationDate?: string;
      ModDate?: string;
    };
    expect(info.CreationDate).toMatch(/^D:20260331000000/);
    expect(info.ModDate).toBeUndefined();
  });
});
