/**
 * The web app's one way to show money (STYLE.md "files not to copy": three copies lived in products,
 * orders and subscriptions); `money-input.ts` reads it. The API sends amounts as decimal strings in the
 * record's currency, with the currency's ISO 4217 decimals ("129.00", "1500" yen). The string goes to
 * Intl as it is (an exact decimal, never a float) and nothing is rounded: it shows at least the
 * currency's usual decimals ("12.5" EUR is "€12.50") and every decimal the API sent (Intl's table says 0
 * for HUF where ISO 4217 says 2; the API's "1299.00" keeps its 2).
 *
 * Zod-free at run time, with no domain import: the lists show amounts on first load, and the domain's
 * `money.ts` and `currencies.ts` sit in chunks with the schemas, which added 30 kB to the orders list
 * (scripts/size-budget.mjs). Hence also its own file, apart from the input.
 */

/** The locale amounts are typed and shown in (the back office is in English). */
export const MONEY_LOCALE = 'en';

const DECIMAL = /^[+-]?\d+(?:\.(\d+))?$/;
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, sentDigits: number): Intl.NumberFormat {
  const code = currency.toUpperCase();
  const key = `${code}|${sentDigits}`;
  let found = formatters.get(key);
  if (!found) {
    const usual = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits;
    const digits = Math.max(usual ?? 2, sentDigits);
    found = new Intl.NumberFormat(MONEY_LOCALE, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * "CA$1,299.00" for "1299.00" in CAD, "¥1,500" for "1500" in JPY; `empty` when there is no amount; the
 * text and its currency code as they are when either is not one Intl can format.
 */
export function formatAmount(decimal: string | null | undefined, currency: string, empty = '—'): string {
  if (decimal === null || decimal === undefined || decimal === '') return empty;
  const match = DECIMAL.exec(decimal);
  if (!match) return `${decimal} ${currency}`;
  try {
    return formatter(currency, match[1]?.length ?? 0).format(decimal as Intl.StringNumericLiteral);
  } catch {
    // An unknown currency code (RangeError): show the amount rather than break the page.
    return `${decimal} ${currency}`;
  }
}
