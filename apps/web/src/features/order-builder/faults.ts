/**
 * The builder's blocking errors (issue 25, "say what really happened"): a cart the server refuses (a
 * used voucher, a country not shipped to, a line without a price) cannot be placed, so "Place order"
 * and "Save as quote" wait until it is changed; a refusal at placement names its reason in the toast
 * and moves the focus to the field at fault, the first one in the page's order.
 */
import { ApiError, type FieldErrors } from '../../api/client.ts';
import { builderIds } from './testids.ts';

/** The builder's fields in the page's order, by the error keys of `POST orders/price` and placement. */
const PAGE_ORDER = [
  'customer_id',
  'billing_address',
  'shipping_address',
  'items',
  'shipping_method_id',
  'voucher_code',
] as const;

const rank = (key: string) => {
  const at = PAGE_ORDER.findIndex((field) => key === field || key.startsWith(`${field}.`));
  return at === -1 ? PAGE_ORDER.length : at;
};

/** The first field error in the page's order (`items.1.quantity` after `customer_id`), if any. */
export function firstFault(errors: FieldErrors | null | undefined): { key: string; message: string } | null {
  const faults = Object.entries(errors ?? {})
    .filter(([, messages]) => Boolean(messages[0]))
    .map(([key, messages], index) => ({ key, message: messages[0] as string, index }))
    // Stable: two errors of one field keep the server's order (items.0 before items.1).
    .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index);
  const first = faults[0];
  return first ? { key: first.key, message: first.message } : null;
}

/** Whether an error is the server refusing the cart itself (a 422, or a 409 such as a used-up voucher). */
export const isCartRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 422 || error.status === 409);

/**
 * The toast of a refused save or placement: the spec's failure text, then the reason. A 422 says only
 * "The given data was invalid.": its first field error is the reason.
 */
export function refusalToast(error: Error, fallback: string): string {
  const fault = error instanceof ApiError ? firstFault(error.errors) : null;
  const reason = fault?.message ?? error.message;
  if (!reason || reason === fallback) return fallback;
  return `${fallback} ${reason}`;
}

type Target = { testId: string; box: boolean };

/**
 * Where the focus goes for an error key, best first: the test id of a control, or of a box whose first
 * control is meant. `lineIndex` turns a sent line's index (the server's) into its place in the cart.
 */
export function faultTargets(key: string, lineIndex: (sent: number) => number | undefined): Target[] {
  const [field, index, part] = key.split('.');
  const control = (testId: string): Target => ({ testId, box: false });
  switch (field) {
    case 'customer_id':
      return [control(builderIds.customer)];
    case 'billing_address':
    case 'shipping_address':
      return [control(builderIds.addressEdit(field === 'billing_address' ? 'billing' : 'shipping'))];
    case 'items': {
      const line = index === undefined ? undefined : lineIndex(Number(index));
      if (line === undefined) return [control(builderIds.productSearch)];
      const controls: Record<string, string> = {
        variant_id: builderIds.lineVariant(line),
        billing_interval: builderIds.lineInterval(line),
        minimum_term_months: builderIds.lineTerm(line),
        quantity: builderIds.lineQuantity(line),
      };
      const named = part ? controls[part] : undefined;
      return [...(named ? [control(named)] : []), { testId: builderIds.line(line), box: true }];
    }
    case 'shipping_method_id':
      // The methods; when nothing ships to the address there are none: the address is what to change.
      return [{ testId: builderIds.shipping, box: true }, control(builderIds.addressEdit('shipping'))];
    case 'voucher_code':
      return [control(builderIds.voucher)];
    default:
      return [];
  }
}

const FOCUSABLE = '[role="combobox"], input:not([type="hidden"]):not([aria-hidden="true"]), button';

function focusable(root: ParentNode, { testId, box }: Target): HTMLElement | null {
  const element = root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!element) return null;
  if (box)
    return (
      element.querySelector<HTMLElement>('input[type="radio"]:checked') ??
      element.querySelector<HTMLElement>(FOCUSABLE)
    );
  // An MUI select carries its test id on a hidden input: its combobox takes the focus.
  if (element.getAttribute('aria-hidden') === 'true')
    return element.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ?? null;
  return element;
}

/** Moves the focus to the control of the first fault (in the page's order); false when none is there. */
export function focusFirstFault(
  errors: FieldErrors | null | undefined,
  lineIndex: (sent: number) => number | undefined,
  root: ParentNode = document,
): boolean {
  const fault = firstFault(errors);
  if (!fault) return false;
  for (const target of faultTargets(fault.key, lineIndex)) {
    const element = focusable(root, target);
    if (element) {
      element.focus();
      return true;
    }
  }
  return false;
}
