/**
 * The exact totals of an order or a quote (shared/BILLING.md, "Tax"): amounts are integer minor units
 * (money.ts), tax is computed per line on the line's discounted amount and rounded half-up once per
 * line (`lineAmounts`), and every total is the sum of its lines, never recomputed from totals.
 *
 * - A voucher's product discount (`voucherDiscount(...).discount`) is allocated over the lines it
 *   covers (`discount_product_ids`; the others keep their full price, as their invoice lines must) in
 *   proportion to their amounts by the largest-remainder method: the allocations sum exactly to the
 *   discount, each is within one minor unit of its exact share, and no line goes below zero. Ties go to
 *   the earlier line, so the result is deterministic.
 * - Shipping is a line of its own: its amount minus the shipping discount, taxed at its own rate.
 * - A rental line's amount is one billing period's price: the order's total is the first payment (the
 *   checkout). `recurring` is what each later period costs per billing interval without a voucher,
 *   and, when the voucher also covers later payments (`recurring_voucher`, its `applies_to`), what
 *   the covered periods cost: the voucher's product discount on that interval's rental lines of its
 *   products, allocated and taxed per line as above, up to its last covered payment.
 */
import { BILLING_INTERVALS, type BillingInterval, type Frequency } from './enums.ts';
import { type LineAmounts, lineAmounts, parsePercent, sumLines } from './money.ts';
import { productDiscount, type RecurringVoucher } from './vouchers.ts';

export const ORDER_ITEM_KINDS = ['rental', 'purchase', 'consumable'] as const;
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number];

export interface OrderTotalsLine {
  kind: OrderItemKind;
  /** Price of one unit in minor units: net, or gross when `prices_include_tax`. */
  unit_amount: bigint;
  quantity: number | bigint;
  /** The line's tax rate in percent, exact ("13", "9.975"). */
  tax_percent: string;
  product_id: number;
  /** Required for a rental line: the period its unit amount is for. */
  billing_interval?: BillingInterval | null;
}

export interface OrderTotalsInput {
  lines: readonly OrderTotalsLine[];
  /** The company's `checkout_Taxes` setting: catalog prices include tax. */
  prices_include_tax: boolean;
  shipping: { amount: bigint; tax_percent: string } | null;
  /** The voucher's product discount, in minor units (0n without a voucher). */
  discount: bigint;
  /** The products `discount` is for (a voucher limited to some products); empty or absent: every line. */
  discount_product_ids?: readonly number[];
  /** The voucher as it applies to the payments after the first (`voucherDiscount(...).recurring`). */
  recurring_voucher?: RecurringVoucher | null;
  /** The voucher's shipping discount (free shipping: the whole shipping amount). */
  shipping_discount: bigint;
}

export interface OrderLineTotals extends LineAmounts {
  kind: OrderItemKind;
  product_id: number;
  /** unit_amount x quantity, before the discount. */
  amount: bigint;
  /** The part of the order's discount allocated to this line. */
  discount: bigint;
}

export interface TaxBreakdownEntry extends LineAmounts {
  /** The rate as given on the lines ("9.975"); rates equal in value are one entry. */
  tax_percent: string;
}

/** What each later period costs without a voucher (net, tax, gross), and with it while it covers them. */
export interface RecurringTotals extends LineAmounts {
  billing_interval: BillingInterval;
  frequency: Frequency;
  interval: number;
  /** The periods the voucher covers: their discount and amounts; null when it covers none of them. */
  discounted: (LineAmounts & { discount: bigint; until_payment: number | null }) | null;
}

export interface OrderTotals {
  lines: OrderLineTotals[];
  shipping: (LineAmounts & { amount: bigint; discount: bigint }) | null;
  totals: {
    /** Sum of the lines' amounts before the discount (net or gross as the prices are). */
    subtotal: bigint;
    /** The product discount (the shipping discount is in `shipping_discount`). */
    discount: bigint;
    shipping_discount: bigint;
    net: bigint;
    tax: bigint;
    /** net + tax: the order's total, the first payment. */
    gross: bigint;
  };
  /** Per rate, lines and shipping together, ordered by rate. */
  tax_breakdown: TaxBreakdownEntry[];
  /** Per billing interval of the rental lines: what each later period costs. */
  recurring: RecurringTotals[];
}

const FREQUENCY_OF: Record<BillingInterval, { frequency: Frequency; interval: number }> = {
  monthly: { frequency: 'monthly', interval: 1 },
  quarterly: { frequency: 'monthly', interval: 3 },
  annually: { frequency: 'yearly', interval: 1 },
};

const toQuantity = (q: number | bigint): bigint => {
  const n = typeof q === 'bigint' ? q : Number.isSafeInteger(q) ? BigInt(q) : -1n;
  if (n < 0n) throw new RangeError(`Quantity must be a whole number of at least 0: ${String(q)}`);
  return n;
};

/**
 * `discount` split over `amounts` in proportion, by the largest-remainder method. Each share is
 * floor(discount x amount / sum); the units left over go one each to the largest remainders (the
 * earlier line first on a tie). Requires 0 <= discount <= sum of the amounts, amounts >= 0.
 */
export function allocateProportionally(discount: bigint, amounts: readonly bigint[]): bigint[] {
  const sum = amounts.reduce((s, a) => s + a, 0n);
  if (amounts.some((a) => a < 0n)) throw new RangeError('Amounts to allocate over must not be negative.');
  if (discount < 0n || discount > sum)
    throw new RangeError(`Discount ${discount} must be between 0 and the lines' sum ${sum}.`);
  if (discount === 0n) return amounts.map(() => 0n);
  const shares = amounts.map((a) => (discount * a) / sum);
  const remainders = amounts.map((a, i) => ({ i, r: (discount * a) % sum }));
  let left = discount - shares.reduce((s, a) => s + a, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares;
}

/** Compare two percentages exactly ("9.975" < "13"). */
export function comparePercent(a: string, b: string): number {
  const pa = parsePercent(a);
  const pb = parsePercent(b);
  if (!pa || !pb) throw new RangeError(`Not a percentage: ${!pa ? a : b}`);
  const left = pa.numerator * pb.denominator;
  const right = pb.numerator * pa.denominator;
  return left === right ? 0 : left < right ? -1 : 1;
}

/** Whether a line is one a discount limited to `productIds` covers (empty: every line). */
const coveredBy = (productIds: readonly number[]) => {
  const ids = new Set(productIds);
  return (line: { product_id: number }) => ids.size === 0 || ids.has(line.product_id);
};

/**
 * One period of `rental` (the rental lines of one billing interval) while `voucher` covers it: its
 * product discount on the covered lines, allocated and taxed per line like the first payment's.
 * Null when it takes nothing off these lines (none of its products among them).
 */
function discountedPeriod(
  rental: readonly OrderTotalsLine[],
  voucher: RecurringVoucher,
  tax_included: boolean,
): RecurringTotals['discounted'] {
  const covers = coveredBy(voucher.product_ids);
  const amounts = rental.map((l) => l.unit_amount * toQuantity(l.quantity));
  const eligible = amounts.map((a, i) => (covers(rental[i]!) ? a : 0n));
  const discount = productDiscount(
    voucher,
    eligible.reduce((s, a) => s + a, 0n),
  );
  if (discount === 0n) return null;
  const allocated = allocateProportionally(discount, eligible);
  const lines = rental.map((l, i) =>
    lineAmounts({
      unit_amount: (amounts[i] ?? 0n) - (allocated[i] ?? 0n),
      quantity: 1,
      tax_percent: l.tax_percent,
      tax_included,
    }),
  );
  return { discount, ...sumLines(lines), until_payment: voucher.until_payment };
}

/** The totals of an order or quote; see the module comment for the rules. */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const amounts = input.lines.map((l) => {
    if (l.unit_amount < 0n) throw new RangeError('A unit amount must not be negative.');
    if (l.kind === 'rental' && !l.billing_interval)
      throw new RangeError(`A rental line needs a billing interval (product ${l.product_id}).`);
    return l.unit_amount * toQuantity(l.quantity);
  });
  const covers = coveredBy(input.discount_product_ids ?? []);
  const allocated = allocateProportionally(
    input.discount,
    amounts.map((a, i) => (covers(input.lines[i]!) ? a : 0n)),
  );
  const tax_included = input.prices_include_tax;

  const lines: OrderLineTotals[] = input.lines.map((l, i) => {
    const amount = amounts[i] ?? 0n;
    const discount = allocated[i] ?? 0n;
    return {
      kind: l.kind,
      product_id: l.product_id,
      amount,
      discount,
      ...lineAmounts({
        unit_amount: amount - discount,
        quantity: 1,
        tax_percent: l.tax_percent,
        tax_included,
      }),
    };
  });

  let shipping: OrderTotals['shipping'] = null;
  if (input.shipping) {
    const { amount, tax_percent } = input.shipping;
    if (input.shipping_discount < 0n || input.shipping_discount > amount)
      throw new RangeError('The shipping discount must be between 0 and the shipping amount.');
    shipping = {
      amount,
      discount: input.shipping_discount,
      ...lineAmounts({
        unit_amount: amount - input.shipping_discount,
        quantity: 1,
        tax_percent,
        tax_included,
      }),
    };
  } else if (input.shipping_discount !== 0n) {
    throw new RangeError('A shipping discount without shipping.');
  }

  const all = shipping ? [...lines, shipping] : lines;
  const sum = sumLines(all);

  const rates: { tax_percent: string; lines: LineAmounts[] }[] = [];
  const taxed = [
    ...input.lines.map((l, i) => ({ tax_percent: l.tax_percent, amounts: lines[i] as LineAmounts })),
    ...(shipping && input.shipping ? [{ tax_percent: input.shipping.tax_percent, amounts: shipping }] : []),
  ];
  for (const t of taxed) {
    const entry = rates.find((r) => comparePercent(r.tax_percent, t.tax_percent) === 0);
    if (entry) entry.lines.push(t.amounts);
    else rates.push({ tax_percent: t.tax_percent, lines: [t.amounts] });
  }
  const tax_breakdown = rates
    .sort((a, b) => comparePercent(a.tax_percent, b.tax_percent))
    .map((r) => ({ tax_percent: r.tax_percent, ...sumLines(r.lines) }));

  const recurring = BILLING_INTERVALS.flatMap((billing_interval): RecurringTotals[] => {
    const rental = input.lines.filter((l) => l.kind === 'rental' && l.billing_interval === billing_interval);
    if (rental.length === 0) return [];
    const perPeriod = sumLines(rental.map((l) => lineAmounts({ ...l, tax_included })));
    const discounted = input.recurring_voucher
      ? discountedPeriod(rental, input.recurring_voucher, tax_included)
      : null;
    return [{ billing_interval, ...FREQUENCY_OF[billing_interval], ...perPeriod, discounted }];
  });

  return {
    lines,
    shipping,
    totals: {
      subtotal: amounts.reduce((s, a) => s + a, 0n),
      discount: input.discount,
      shipping_discount: input.shipping_discount,
      net: sum.net,
      tax: sum.tax,
      gross: sum.gross,
    },
    tax_breakdown,
    recurring,
  };
}
