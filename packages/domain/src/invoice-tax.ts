/**
 * An invoice's tax as EN 16931 computes it (shared/BILLING.md, "Tax as EN 16931 does it"), on integer
 * minor units (money.ts). Order totals (order-totals.ts) tax each line on its own; an invoice may not:
 * the standard states the VAT once per rate on the document's sum (BR-CO-17), so per-line rounding
 * would make the breakdown disagree with the lines by a few cents on a long invoice.
 *
 * - Prices without tax (`net_prices`): a line's net is its amount (already whole minor units, so
 *   "rounded half-up per line" is exact); per rate `tax_r = half_up(Σ nets_r × r)`.
 * - Prices with tax (`gross_prices`, the company's `checkout_Taxes`): per rate `gross_r = Σ line amounts`,
 *   `net_r = half_up(gross_r / (1 + r))`, `tax_r = gross_r − net_r`.
 * - Each line's tax is its rate's tax allocated over the rate's lines in proportion to their amounts by
 *   largest remainder (`allocateProportionally`), so Σ line taxes = tax_r exactly, and line net + tax =
 *   gross on every line: lines, breakdown and totals agree to the cent.
 *
 * Amounts are non-negative: an invoice charges. A cancellation mirrors its original negated (it never
 * recomputes, BILLING.md "Corrections"), so it does not come through here; `negateInvoiceTax` is that mirror.
 */
import { type LineAmounts, parsePercent, roundHalfUp } from './money.ts';
import { allocateProportionally, comparePercent } from './order-totals.ts';

export const TAX_RULES = ['net_prices', 'gross_prices'] as const;
export type TaxRule = (typeof TAX_RULES)[number];

export interface InvoiceTaxLineInput {
  /** The line's amount in minor units after its discount: net with `net_prices`, gross with `gross_prices`. */
  amount: bigint;
  /** The rate in percent, exact ("19", "9.975"). */
  tax_percent: string;
}

export interface InvoiceBreakdownEntry extends LineAmounts {
  /** The rate as the first line at it wrote it; rates equal in value ("7" and "7.0") are one entry. */
  tax_percent: string;
}

export interface InvoiceTax {
  rule: TaxRule;
  /** In the input's order. */
  lines: LineAmounts[];
  /** One entry per rate, ordered by rate. `net` is the taxable amount (BT-116), `tax` BT-117. */
  breakdown: InvoiceBreakdownEntry[];
  /** net = BT-109, tax = BT-110, gross = BT-112. */
  totals: LineAmounts;
  /** BT-115: gross minus what was paid before (BT-113). */
  amount_due: bigint;
}

const percentFraction = (tax_percent: string) => {
  const p = parsePercent(tax_percent);
  if (!p) throw new RangeError(`Not a percentage: ${tax_percent}`);
  return p;
};

/** The tax, lines and breakdown of an invoice; see the module comment. `prepaid` is BT-113 (default 0). */
export function invoiceTax(rule: TaxRule, lines: readonly InvoiceTaxLineInput[], prepaid = 0n): InvoiceTax {
  for (const l of lines)
    if (l.amount < 0n) throw new RangeError('An invoice line amount must not be negative.');

  // Group line indexes by rate value.
  const groups: { tax_percent: string; indexes: number[] }[] = [];
  lines.forEach((l, i) => {
    const group = groups.find((g) => comparePercent(g.tax_percent, l.tax_percent) === 0);
    if (group) group.indexes.push(i);
    else groups.push({ tax_percent: l.tax_percent, indexes: [i] });
  });
  groups.sort((a, b) => comparePercent(a.tax_percent, b.tax_percent));

  const out: LineAmounts[] = lines.map(() => ({ net: 0n, tax: 0n, gross: 0n }));
  const breakdown: InvoiceBreakdownEntry[] = groups.map(({ tax_percent, indexes }) => {
    const { numerator, denominator } = percentFraction(tax_percent);
    const amounts = indexes.map((i) => lines[i]?.amount ?? 0n);
    const sum = amounts.reduce((s, a) => s + a, 0n);
    // r = numerator / (100 × denominator)
    const hundred = 100n * denominator;
    const tax =
      rule === 'net_prices'
        ? roundHalfUp(sum * numerator, hundred)
        : sum - roundHalfUp(sum * hundred, hundred + numerator);
    const shares = allocateProportionally(tax, amounts);
    indexes.forEach((lineIndex, k) => {
      const amount = amounts[k] ?? 0n;
      const share = shares[k] ?? 0n;
      out[lineIndex] =
        rule === 'net_prices'
          ? { net: amount, tax: share, gross: amount + share }
          : { net: amount - share, tax: share, gross: amount };
    });
    return rule === 'net_prices'
      ? { tax_percent, net: sum, tax, gross: sum + tax }
      : { tax_percent, net: sum - tax, tax, gross: sum };
  });

  const totals = breakdown.reduce(
    (t, b) => ({ net: t.net + b.net, tax: t.tax + b.tax, gross: t.gross + b.gross }),
    { net: 0n, tax: 0n, gross: 0n },
  );
  return { rule, lines: out, breakdown, totals, amount_due: totals.gross - prepaid };
}

/** A cancellation's figures: its original's lines, breakdown and totals negated, never recomputed. */
export function negateInvoiceTax(tax: InvoiceTax): InvoiceTax {
  const neg = (a: LineAmounts): LineAmounts => ({ net: -a.net, tax: -a.tax, gross: -a.gross });
  return {
    rule: tax.rule,
    lines: tax.lines.map(neg),
    breakdown: tax.breakdown.map((b) => ({ tax_percent: b.tax_percent, ...neg(b) })),
    totals: neg(tax.totals),
    amount_due: -tax.amount_due,
  };
}
