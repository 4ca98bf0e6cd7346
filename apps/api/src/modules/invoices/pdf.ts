/**
 * An invoice as a PDF, made with Node alone (pdfkit; the choice and its measurements are in
 * docs/decisions.md, "Invoice PDFs"). A4, laid out as German business letters are (DIN 5008 form B: the buyer's address in the envelope window), with
 * the legal details in every page's footer, the line table continued over as many pages as it needs
 * (its header repeated) and the totals kept together on the last page.
 *
 * The output is a function of the document alone: the CreationDate is the issue date, pdfkit writes no
 * random ids, and nothing reads the clock, so the bytes and their SHA-256 are stable (BILLING.md
 * "Issued means frozen": the stored bytes are what a download serves, and a re-render proves them).
 */
import type { InvoicePdfDocument } from '@rentloop/domain/invoice-document';
import { formatInvoiceDate, formatInvoicePeriod } from '@rentloop/domain/invoice-document';
import {
  fillLabel,
  INVOICE_LABELS,
  type InvoiceLabels,
  invoiceReference,
} from '@rentloop/domain/invoice-labels';
import PDFDocument from 'pdfkit';
import { useInvoiceFonts } from './pdf-fonts.ts';

type Pdf = PDFKit.PDFDocument;

const A4 = { width: 595.28, height: 841.89 };
const LEFT = 56.7; // 20 mm: the address window's left edge
const RIGHT = A4.width - 42.5; // 15 mm margin
const WIDTH = RIGHT - LEFT;
const FOOTER_TOP = A4.height - 78;
/** Lowest y the body may reach; below is the footer. */
const BODY_BOTTOM = FOOTER_TOP - 14;
const INFO_LEFT = 352;
const GREY = '#555555';
const RULE = '#b4b4b4';
const TEXT = '#111111';

const SIZE = { body: 9, small: 7.5, table: 8.5, title: 15, seller: 10.5, address: 10 };

/** The line table's columns: x of the left edge, width, and whether it holds an amount (right-aligned). */
const COLUMNS = (() => {
  const widths = { position: 24, quantity: 38, unitPrice: 66, vatRate: 44, vat: 62, net: 70 };
  const description = WIDTH - Object.values(widths).reduce((a, b) => a + b, 0);
  const order = [
    ['position', widths.position, false],
    ['description', description, false],
    ['quantity', widths.quantity, true],
    ['unitPrice', widths.unitPrice, true],
    ['vatRate', widths.vatRate, true],
    ['vat', widths.vat, true],
    ['net', widths.net, true],
  ] as const;
  let x = LEFT;
  return order.map(([key, width, right]) => {
    const column = { key, x, width, right };
    x += width;
    return column;
  });
})();
type ColumnKey = (typeof COLUMNS)[number]['key'];
const CELL_PAD = 4;

interface Ctx {
  pdf: Pdf;
  doc: InvoicePdfDocument;
  labels: InvoiceLabels;
  title: string;
  y: number;
}

export async function renderInvoicePdf(doc: InvoicePdfDocument): Promise<Buffer> {
  const labels = INVOICE_LABELS[doc.language];
  const typeTitle = doc.title ?? labels.titles[doc.type];
  const title = doc.number ? `${typeTitle} ${doc.number}` : `${typeTitle} (${labels.draft})`;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true, // the footer's "page x of n" is written once n is known
    autoFirstPage: true,
    // No default font: pdfkit would load Helvetica's metrics for every document. ('' and not our font:
    // a default font is cached by its PostScript name only, so the same font registered as 'regular'
    // would be opened again, with a fresh subset, on every switch back to it; measured 3x slower.)
    font: '',
    info: {
      Title: title,
      Author: doc.seller.legalName,
      Creator: 'Rentloop',
      Producer: 'Rentloop',
      CreationDate: new Date(`${doc.issueDate}T00:00:00Z`),
    },
    lang: { de: 'de-DE', en: 'en', gr: 'el', nl: 'nl', no: 'nb' }[doc.language],
  });
  useInvoiceFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const ctx: Ctx = { pdf, doc, labels, title, y: 0 };
  firstPageHead(ctx);
  lineTable(ctx);
  summary(ctx);
  footers(ctx);
  pdf.end();
  return done;
}

// ---- text helpers ------------------------------------------------------------------------------

function font(pdf: Pdf, weight: 'regular' | 'bold', size: number, color = TEXT): Pdf {
  return pdf.font(weight).fontSize(size).fillColor(color);
}

/** One line of text, never wrapped; `align: 'right'` puts its right edge at x + width. */
function cell(pdf: Pdf, text: string, x: number, y: number, width: number, right = false): void {
  const left = right ? x + width - pdf.widthOfString(text) : x;
  pdf.text(text, left, y, { lineBreak: false });
}

/** A wrapped block; returns its height. */
function block(pdf: Pdf, text: string, x: number, y: number, width: number): number {
  pdf.text(text, x, y, { width, lineGap: 1 });
  return pdf.y - y;
}

function blockHeight(pdf: Pdf, text: string, width: number): number {
  return pdf.heightOfString(text, { width, lineGap: 1 });
}

function rule(pdf: Pdf, x1: number, x2: number, y: number, color = RULE, width = 0.5): void {
  pdf.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
}

// ---- page 1: seller, address window, invoice details, title ---------------------------------------

function firstPageHead(ctx: Ctx): void {
  const { pdf, doc, labels } = ctx;
  const { seller, buyer } = doc;

  // The seller, top right.
  const sellerWidth = RIGHT - INFO_LEFT;
  font(pdf, 'bold', SIZE.seller);
  let y = 42 + block(pdf, seller.legalName, INFO_LEFT, 42, sellerWidth);
  font(pdf, 'regular', SIZE.small, GREY);
  const contact = [
    ...seller.addressLines,
    seller.contact.phone && `${labels.phone} ${seller.contact.phone}`,
    seller.contact.email,
    seller.contact.website,
  ].filter((s): s is string => Boolean(s));
  y += 2;
  for (const text of contact) y += block(pdf, text, INFO_LEFT, y, sellerWidth);

  // The address window (DIN 5008 form B: 45 mm from the top, 85 mm wide): the sender's line, then the buyer.
  const windowWidth = 241;
  font(pdf, 'regular', 6.5, GREY);
  const sender = [seller.legalName, ...seller.addressLines].join(' · ');
  pdf.text(sender, LEFT, 134, { width: windowWidth, lineBreak: false, ellipsis: true });
  rule(pdf, LEFT, LEFT + Math.min(windowWidth, pdf.widthOfString(sender)), 142.5);
  font(pdf, 'regular', SIZE.address);
  let addressY = 150;
  const address = [buyer.company, buyer.name, ...buyer.addressLines].filter((s): s is string => Boolean(s));
  for (const text of address) addressY += block(pdf, text, LEFT, addressY, windowWidth);

  // The invoice's details, right of the window.
  const details: [string, string][] = [
    [doc.statement ? labels.statementNumber : labels.number, doc.number ?? labels.draft],
    [labels.issueDate, formatInvoiceDate(doc.issueDate, doc.language)],
  ];
  if (doc.dueDate) details.push([labels.dueDate, formatInvoiceDate(doc.dueDate, doc.language)]);
  if (doc.servicePeriod) {
    details.push([labels.servicePeriod, formatInvoicePeriod(doc.servicePeriod, doc.language)]);
  }
  if (buyer.customerNumber) details.push([labels.customerNumber, buyer.customerNumber]);
  if (buyer.vatId) details.push([labels.vatId, buyer.vatId]);
  let infoY = Math.max(y + 14, 150);
  const labelWidth = 92;
  for (const [label, value] of details) {
    font(pdf, 'regular', SIZE.table, GREY);
    const h = block(pdf, label, INFO_LEFT, infoY, labelWidth - 4);
    font(pdf, 'regular', SIZE.table);
    const valueHeight = block(pdf, value, INFO_LEFT + labelWidth, infoY, sellerWidth - labelWidth);
    infoY += Math.max(h, valueHeight) + 2;
  }

  // The title, under the window (which ends at 90 mm = 255 pt).
  ctx.y = Math.max(addressY, infoY, 255) + 12;
  font(pdf, 'bold', SIZE.title);
  ctx.y += block(pdf, ctx.title, LEFT, ctx.y, WIDTH);
  // What the document names (issue 24 part 6): the corrected invoice, the refunded positions, the
  // collective invoice's period, or a statement's legal note.
  const date = (d: string) => formatInvoiceDate(d, doc.language);
  const reference =
    doc.statement?.note ??
    invoiceReference(labels, doc.type, {
      original: doc.original ? { number: doc.original.number, date: date(doc.original.issueDate) } : null,
      positions: doc.refundedPositions ?? [],
      period: doc.servicePeriod
        ? { start: date(doc.servicePeriod.start), end: date(doc.servicePeriod.end) }
        : null,
    });
  if (reference) {
    font(pdf, 'regular', SIZE.body);
    ctx.y += 2 + block(pdf, reference, LEFT, ctx.y + 2, WIDTH);
  }
  ctx.y += 14;
}

/** A later page: the seller and the title with "continued", so a loose page still says whose it is. */
function continuationHead(ctx: Ctx): void {
  const { pdf, labels } = ctx;
  pdf.addPage({ size: 'A4', margin: 0 });
  font(pdf, 'bold', SIZE.body);
  cell(pdf, ctx.doc.seller.legalName, LEFT, 40, WIDTH / 2);
  font(pdf, 'regular', SIZE.body, GREY);
  cell(pdf, `${ctx.title} (${labels.continued})`, LEFT + WIDTH / 2, 40, WIDTH / 2, true);
  rule(pdf, LEFT, RIGHT, 54);
  ctx.y = 68;
}

// ---- the line table -----------------------------------------------------------------------------

function tableHeader(ctx: Ctx): void {
  const { pdf, labels, doc } = ctx;
  // A statement's lines are invoices at their gross: no rate or VAT columns of its own.
  const s = Boolean(doc.statement);
  const titles: Record<ColumnKey, string> = {
    position: labels.position,
    description: labels.description,
    quantity: labels.quantity,
    unitPrice: s ? '' : labels.unitPrice,
    vatRate: s ? '' : labels.vatRate,
    vat: s ? '' : labels.vat,
    net: s ? labels.gross : labels.net,
  };
  font(pdf, 'bold', SIZE.small);
  let height = 0;
  for (const c of COLUMNS) {
    const width = c.width - CELL_PAD;
    const x = c.right ? c.x + CELL_PAD : c.x;
    pdf.text(titles[c.key], x, ctx.y, { width, align: c.right ? 'right' : 'left', lineGap: 0 });
    height = Math.max(height, pdf.y - ctx.y);
  }
  ctx.y += height + 3;
  rule(pdf, LEFT, RIGHT, ctx.y, TEXT, 0.75);
  ctx.y += 5;
}

const descriptionColumn = (() => {
  const column = COLUMNS.find((c) => c.key === 'description');
  if (!column) throw new Error('the line table has no description column');
  return column;
})();

function lineTable(ctx: Ctx): void {
  const { pdf, doc, labels } = ctx;
  tableHeader(ctx);
  const descWidth = descriptionColumn.width - CELL_PAD;
  doc.lines.forEach((line, index) => {
    font(pdf, 'regular', SIZE.table);
    const period = line.period ? `${labels.period}: ${formatInvoicePeriod(line.period, doc.language)}` : null;
    let height = blockHeight(pdf, line.description, descWidth);
    if (period) height += pdf.fontSize(SIZE.small).heightOfString(period, { width: descWidth });
    if (ctx.y + height + 6 > BODY_BOTTOM) {
      continuationHead(ctx);
      tableHeader(ctx);
    }
    const top = ctx.y;
    const values: Record<Exclude<ColumnKey, 'description'>, string> = {
      position: String(index + 1),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      vat: line.vatAmount,
      net: line.netAmount,
    };
    font(pdf, 'regular', SIZE.table);
    for (const c of COLUMNS) {
      if (c.key === 'description') continue;
      cell(pdf, values[c.key], c.right ? c.x + CELL_PAD : c.x, top, c.width - CELL_PAD, c.right);
    }
    let y = top + block(pdf, line.description, descriptionColumn.x, top, descWidth);
    if (period) {
      font(pdf, 'regular', SIZE.small, GREY);
      y += block(pdf, period, descriptionColumn.x, y, descWidth);
    }
    ctx.y = y + 3;
    rule(pdf, LEFT, RIGHT, ctx.y);
    ctx.y += 4;
  });
}

// ---- VAT breakdown, totals, payment terms (kept together on the last page) --------------------------

// The VAT breakdown on the left, the totals on the right: side by side they take half the height,
// which keeps a 10-line invoice on one page.
const BREAKDOWN_WIDTH = WIDTH * 0.52;
const TOTALS_LEFT = LEFT + WIDTH * 0.6;
const TOTALS_WIDTH = RIGHT - TOTALS_LEFT;
const TOTALS_LABEL_WIDTH = TOTALS_WIDTH * 0.6;
const ROW = 13;

function breakdownHeight(ctx: Ctx): number {
  const { pdf, doc } = ctx;
  font(pdf, 'regular', SIZE.small);
  let height = ROW * 2 + 6; // heading, column titles
  for (const row of doc.vatBreakdown) {
    height += ROW;
    if (row.exemptionReason) height += blockHeight(pdf, row.exemptionReason, BREAKDOWN_WIDTH);
  }
  return height;
}

function summaryHeight(ctx: Ctx): number {
  const { pdf, doc } = ctx;
  let height = 10 + Math.max(breakdownHeight(ctx), ROW * 5 + 4);
  font(pdf, 'regular', SIZE.body);
  if (doc.paymentTerms) height += 16 + ROW + blockHeight(pdf, doc.paymentTerms, WIDTH);
  if (doc.footerText) height += 10 + blockHeight(pdf, doc.footerText, WIDTH);
  return height;
}

function summary(ctx: Ctx): void {
  const { pdf, doc, labels } = ctx;
  if (ctx.y + summaryHeight(ctx) > BODY_BOTTOM) continuationHead(ctx);
  ctx.y += 10;
  const top = ctx.y;

  // The VAT breakdown (EN 16931 BG-23): one row per rate; a statement has none of its own.
  let y = top;
  if (!doc.statement) {
    font(pdf, 'bold', SIZE.body);
    cell(pdf, labels.vatBreakdown, LEFT, y, BREAKDOWN_WIDTH);
    y += ROW + 2;
    const quarter = BREAKDOWN_WIDTH / 4;
    const breakdownColumns = [labels.vatRate, labels.net, labels.vat, labels.gross];
    font(pdf, 'regular', SIZE.small, GREY);
    breakdownColumns.forEach((title, i) => {
      cell(pdf, title, LEFT + quarter * i, y, quarter, i > 0);
    });
    y += ROW - 3;
    rule(pdf, LEFT, LEFT + BREAKDOWN_WIDTH, y);
    y += 4;
    for (const row of doc.vatBreakdown) {
      font(pdf, 'regular', SIZE.table);
      [row.vatRate, row.net, row.vat, row.gross].forEach((value, i) => {
        cell(pdf, value, LEFT + quarter * i, y, quarter, i > 0);
      });
      y += ROW;
      if (row.exemptionReason) {
        font(pdf, 'regular', SIZE.small, GREY);
        y += block(pdf, row.exemptionReason, LEFT, y - 2, BREAKDOWN_WIDTH);
      }
    }
  }
  const breakdownBottom = y;

  // Totals, level with the breakdown's first row.
  y = top + ROW + 2;
  const totals: [string, string, boolean][] = doc.statement
    ? [[labels.grossTotal, doc.totals.gross, true]]
    : [
        [labels.netTotal, doc.totals.net, false],
        [labels.vatTotal, doc.totals.vat, false],
        [labels.grossTotal, doc.totals.gross, true],
        [labels.paid, doc.totals.paid, false],
        [labels.amountDue, doc.totals.amountDue, true],
      ];
  for (const [label, value, strong] of totals) {
    if (strong) {
      rule(pdf, TOTALS_LEFT, RIGHT, y - 3, TEXT, 0.75);
      y += 1;
    }
    font(pdf, strong ? 'bold' : 'regular', SIZE.body);
    cell(pdf, label, TOTALS_LEFT, y, TOTALS_LABEL_WIDTH);
    cell(pdf, value, TOTALS_LEFT + TOTALS_LABEL_WIDTH, y, TOTALS_WIDTH - TOTALS_LABEL_WIDTH, true);
    y += ROW;
  }
  ctx.y = Math.max(breakdownBottom, y);

  if (doc.paymentTerms) {
    ctx.y += 16;
    font(pdf, 'bold', SIZE.body);
    cell(pdf, labels.paymentTerms, LEFT, ctx.y, WIDTH);
    ctx.y += ROW;
    font(pdf, 'regular', SIZE.body);
    ctx.y += block(pdf, doc.paymentTerms, LEFT, ctx.y, WIDTH);
  }
  if (doc.footerText) {
    ctx.y += 10;
    font(pdf, 'regular', SIZE.body);
    ctx.y += block(pdf, doc.footerText, LEFT, ctx.y, WIDTH);
  }
}

// ---- every page's footer: the seller's legal details and the page number ------------------------

function footers(ctx: Ctx): void {
  const { pdf, doc, labels } = ctx;
  const { seller } = doc;
  const columns = [
    [seller.legalName, ...seller.addressLines],
    [
      seller.management && `${labels.management}: ${seller.management}`,
      seller.register && `${labels.register}: ${seller.register}`,
      seller.vatId && `${seller.taxLabels?.vatId ?? labels.vatId}: ${seller.vatId}`,
      seller.taxNumber && `${seller.taxLabels?.taxNumber ?? labels.taxNumber}: ${seller.taxNumber}`,
    ],
    seller.bank
      ? [
          seller.bank.name && `${labels.bank}: ${seller.bank.name}`,
          `${labels.iban}: ${seller.bank.iban}`,
          seller.bank.bic && `${labels.bic}: ${seller.bank.bic}`,
        ]
      : [],
  ].map((lines) => lines.filter((s): s is string => Boolean(s)));
  const { start, count } = pdf.bufferedPageRange();
  const third = WIDTH / 3;
  for (let page = start; page < start + count; page++) {
    pdf.switchToPage(page);
    rule(pdf, LEFT, RIGHT, FOOTER_TOP);
    font(pdf, 'regular', SIZE.small - 0.5, GREY);
    columns.forEach((lines, i) => {
      let y = FOOTER_TOP + 6;
      for (const text of lines) y += block(pdf, text, LEFT + third * i, y, third - 8);
    });
    font(pdf, 'regular', SIZE.small, GREY);
    const pageLabel = fillLabel(labels.page, { page: page - start + 1, pages: count });
    cell(pdf, pageLabel, LEFT, A4.height - 22, WIDTH, true);
  }
}
