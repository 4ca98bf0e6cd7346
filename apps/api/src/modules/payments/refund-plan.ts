/**
 * What a refund invoice states (docs/decisions.md 42): its lines for a refund spec, as positive amounts
 * (the document negates them). The amount going back is exact first: by amount, one line per VAT rate of
 * the original (`splitByRate`); by items, each line's gross prorated by units on the cumulative share
 * (`lineRefundGross`); a full refund of an untouched invoice mirrors its lines with its own tax rule.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { lineRefundGross, splitByRate } from '@rentloop/domain/refunds';
import type { invoices } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { toDecimal } from '../../money.ts';
import type { InvoiceDraft } from '../invoices/issue.ts';

type InvoiceRow = typeof invoices.$inferSelect;

/** What one original invoice is asked to give back. */
export type RefundSpec =
  | { kind: 'full' }
  | { kind: 'amount'; amount: bigint; field: string }
  | { kind: 'items'; items: { position: number; quantity?: number; field: string }[] };

/** What an invoice has paid and given back, from the records. */
export interface RefundState {
  paid: bigint;
  /** Refund attempts not failed: succeeded, pending, or still open. */
  reserved: bigint;
  refundable: bigint;
  /** Per original line position: units and gross refunded by earlier refund invoices not failed. */
  lines: Map<number, { units: number; gross: bigint }>;
}

type DraftLine = InvoiceDraft['lines'][number];
const refundLine = (o: {
  description: string;
  quantity: number;
  gross: bigint;
  tax_percent: string;
  order_item_id?: number | null;
  subscription_id?: number | null;
  original_position?: number | null;
}): DraftLine => {
  // The gross is what goes back; a unit price only where it divides evenly, else one line of it.
  const even = o.quantity > 0 && o.gross % BigInt(o.quantity) === 0n;
  return {
    description: even || o.quantity === 1 ? o.description : `${o.quantity} × ${o.description}`,
    quantity: even ? o.quantity : 1,
    unit_amount: even ? o.gross / BigInt(o.quantity) : o.gross,
    discount: 0n,
    amount: o.gross,
    tax_percent: o.tax_percent,
    order_item_id: o.order_item_id ?? null,
    subscription_id: o.subscription_id ?? null,
    period_start: null,
    period_end: null,
    original_position: o.original_position ?? null,
  };
};

interface Plan {
  lines: DraftLine[];
  rule: InvoiceDraft['rule'];
  total: bigint;
}

/** The refund invoice's lines for `spec` (positive amounts; the document negates them). */
export function planRefund(original: InvoiceRow, state: RefundState, spec: RefundSpec): Plan {
  const money = (m: bigint) => toDecimal(m, original.currency) as string;
  const exceeds = () => new AppError('conflict', MESSAGES.refundExceedsPaid(money(state.refundable)));
  const byItems = (items: { position: number; quantity?: number; field: string }[]): Plan => {
    const taken = new Map(state.lines);
    const lines = items.map((item) => {
      const line = original.lines.find((l) => l.position === item.position);
      if (!line) throw invalid(`${item.field}.position`, MESSAGES.refundLineUnknown);
      const before = taken.get(item.position) ?? { units: 0, gross: 0n };
      const left = line.quantity - before.units;
      const take = item.quantity ?? left;
      if (take < 1 || take > left) throw invalid(`${item.field}.quantity`, MESSAGES.refundLineExceeds(left));
      const gross = lineRefundGross(
        { quantity: line.quantity, gross: BigInt(line.gross) },
        take,
        before.units,
        before.gross,
      );
      taken.set(item.position, { units: before.units + take, gross: before.gross + gross });
      return refundLine({ ...line, quantity: take, gross, original_position: line.position });
    });
    const total = lines.reduce((s, l) => s + l.amount, 0n);
    if (total > state.refundable) throw exceeds();
    return { lines, rule: 'gross_prices', total };
  };
  const byAmount = (amount: bigint): Plan => {
    const rates = original.tax_breakdown.map((b) => ({ tax_percent: b.tax_percent, gross: BigInt(b.gross) }));
    const lines = splitByRate(amount, rates).map((r) =>
      refundLine({
        description: `Refund of invoice ${original.number ?? original.id} (${r.tax_percent} % VAT)`,
        quantity: 1,
        gross: r.gross,
        tax_percent: r.tax_percent,
      }),
    );
    return { lines, rule: 'gross_prices', total: amount };
  };

  if (spec.kind === 'amount') {
    if (spec.amount <= 0n) throw invalid(spec.field, MESSAGES.amountInvalid);
    if (spec.amount > state.refundable)
      throw invalid(spec.field, MESSAGES.refundExceedsPaid(money(state.refundable)));
    return byAmount(spec.amount);
  }
  if (spec.kind === 'items') return byItems(spec.items);
  if (state.refundable <= 0n) throw exceeds();
  // Everything still refundable: the whole document mirrored when nothing went back yet (its own rule
  // and amounts, so the refund's VAT equals the original's), else the lines left when they add up to
  // what is refundable, else that amount split per rate.
  if (state.reserved === 0n && state.lines.size === 0 && state.refundable === original.gross) {
    const gross = original.tax_rule === 'gross_prices';
    const lines = original.lines.map(
      (l): DraftLine => ({
        description: l.description,
        quantity: l.quantity,
        unit_amount: BigInt(l.unit_amount),
        discount: BigInt(l.discount),
        amount: gross ? BigInt(l.gross) : BigInt(l.net),
        tax_percent: l.tax_percent,
        order_item_id: l.order_item_id,
        subscription_id: l.subscription_id,
        period_start: l.period_start,
        period_end: l.period_end,
        original_position: l.position,
      }),
    );
    return { lines, rule: original.tax_rule, total: original.gross };
  }
  const left = original.lines
    .map((l) => ({ position: l.position, left: l.quantity - (state.lines.get(l.position)?.units ?? 0) }))
    .filter((l) => l.left > 0);
  const leftGross = original.lines.reduce(
    (s, l) => s + BigInt(l.gross) - (state.lines.get(l.position)?.gross ?? 0n),
    0n,
  );
  if (left.length > 0 && leftGross === state.refundable)
    return byItems(left.map((l) => ({ position: l.position, quantity: l.left, field: 'items' })));
  return byAmount(state.refundable);
}
