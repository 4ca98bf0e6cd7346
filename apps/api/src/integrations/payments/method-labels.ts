/**
 * The label staff see for a stored payment method, made from what the provider tells of it (never a
 * full card or account number): "Visa •••• 4242, 12/28", "SEPA mandate DE •••• 3000".
 */

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  american_express: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  maestro: 'Maestro',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A brand as the provider spells it ("visa", "Mastercard", "American Express") in its usual form. */
export function brandName(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  const key = brand.toLowerCase().replace(/[\s-]+/g, '_');
  return BRANDS[key] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "Visa •••• 4242, 12/28" (the expiry left out when the provider gives none). */
export function cardLabel(
  brand: string | null | undefined,
  last4: string,
  expMonth?: number | null,
  expYear?: number | null,
): string {
  const expiry = expMonth && expYear ? `, ${pad2(expMonth)}/${pad2(expYear % 100)}` : '';
  return `${brandName(brand)} •••• ${last4}${expiry}`;
}

/** "SEPA mandate DE •••• 3000": the account's country (or IBAN prefix) and its last four digits. */
export function sepaLabel(prefix: string | null | undefined, last4: string): string {
  return `SEPA mandate ${prefix ? `${prefix.toUpperCase()} ` : ''}•••• ${last4}`;
}
