/**
 * `/cms/orders/create` (and `?draft={id}`): build an order or a quote. The cart is local state; every
 * change is priced by the server (`POST orders/price`, debounced) and nothing is computed here.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Address } from '@rentloop/domain/addresses';
import type { Customer } from '@rentloop/domain/customers';
import { MESSAGES } from '@rentloop/domain/messages';
import type { OrderPrice } from '@rentloop/domain/order-details';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ApiError, type FieldErrors } from '../../api/client.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { notify } from '../../utils/notify.ts';
import { AddressCard, ShippingCard, VoucherCard } from './BuilderCards.tsx';
import { CartLineRow } from './CartLineRow.tsx';
import {
  addressError,
  type Cart,
  type CartLine,
  cartBody,
  cartChanged,
  cartFromDraft,
  completeLines,
  effectiveAddresses,
  emptyCart,
  errorFor,
  failureToast,
  lineError,
  newIdempotencyKey,
  newLine,
} from './cart.ts';
import { focusFirstFault, isCartRefusal, refusalToast } from './faults.ts';
import { useCustomerById, useDraft, usePlaceOrder, usePrice, useSaveQuote } from './hooks.ts';
import { CustomerPicker, ProductPicker } from './Pickers.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import { builderIds } from './testids.ts';

const PRICE_DELAY_MS = 300;

/** The address form (country tables, phone metadata) loads when staff change an address. */
const AddressOverrideDialog = lazy(() => import('./AddressOverrideDialog.tsx'));

export function OrderBuilderPage() {
  const [params] = useSearchParams();
  const draftParam = Number(params.get('draft'));
  const draftId = Number.isInteger(draftParam) && draftParam > 0 ? draftParam : null;
  // `?customer=ID` (the customer page's "New order"): the builder opens with that customer chosen.
  const customerParam = Number(params.get('customer'));
  const customerId = Number.isInteger(customerParam) && customerParam > 0 ? customerParam : null;
  const draft = useDraft(draftId);
  if (draftId !== null && draft.isPending) return <PageLoader />;
  if (draftId !== null && draft.error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {draft.error.message}
      </Alert>
    );
  return (
    <Builder
      key={draftId ?? `new-${customerId ?? ''}`}
      draftId={draftId}
      initial={draft.data ? cartFromDraft(draft.data) : { ...emptyCart(), customer_id: customerId }}
    />
  );
}

function Builder({ draftId, initial }: { draftId: number | null; initial: Cart }) {
  const navigate = useNavigate();
  const currency = useCompanyCurrency();
  const [cart, setCart] = useState<Cart>(initial);
  const [picked, setPicked] = useState<Customer | null>(null);
  const [submitErrors, setSubmitErrors] = useState<FieldErrors | null>(null);
  const [editing, setEditing] = useState<'billing' | 'shipping' | null>(null);
  const customer = useCustomerById(cart.customer_id).data ?? picked;
  // A half-built order is not lost by accident: leaving by the drawer, a breadcrumb, Back (the mouse's
  // or Alt+←) or a reload asks first (the app's one "Discard unsaved changes?", unsaved-changes.tsx).
  // Set once saved or placed: the page that follows is no leaving.
  const settled = useRef(false);
  useUnsavedChanges(() => !settled.current && cartChanged(initial, cart));

  const body = useMemo(() => cartBody(cart), [cart]);
  const bodyJson = JSON.stringify(body);
  const debouncedJson = useDebouncedValue(bodyJson, PRICE_DELAY_MS);
  const priced = usePrice(useMemo(() => JSON.parse(debouncedJson), [debouncedJson]));
  const [lastGood, setLastGood] = useState<OrderPrice | null>(null);
  useEffect(() => {
    if (priced.data && !priced.isPlaceholderData) setLastGood(priced.data);
  }, [priced.data, priced.isPlaceholderData]);
  const priceError = priced.error instanceof ApiError ? priced.error : null;
  const errors = submitErrors ?? priceError?.errors ?? null;

  // One Idempotency-Key per cart: a double click or a retry of the same cart places one order.
  const placeKey = useRef({ json: '', key: '' });
  if (placeKey.current.json !== bodyJson) placeKey.current = { json: bodyJson, key: newIdempotencyKey() };

  const change = useCallback((next: (cart: Cart) => Cart) => {
    setSubmitErrors(null);
    setCart(next);
  }, []);
  const setLine = useCallback(
    (key: string) => (line: CartLine) =>
      change((c) => ({ ...c, lines: c.lines.map((l) => (l.key === key ? line : l)) })),
    [change],
  );
  const lineHandlers = useMemo(
    () => new Map(cart.lines.map((line) => [line.key, setLine(line.key)])),
    [cart.lines, setLine],
  );

  const saveQuote = useSaveQuote(draftId);
  const placeOrder = usePlaceOrder(draftId);
  const busy = saveQuote.isPending || placeOrder.isPending;
  // Index of each cart line among the lines sent (field errors are keyed by the sent index).
  const sentIndex = new Map(completeLines(cart.lines).map((line, index) => [line.key, index]));
  const cartIndexOfSent = (sent: number) => {
    const at = cart.lines.findIndex((line) => sentIndex.get(line.key) === sent);
    return at === -1 ? undefined : at;
  };
  // A cart the server refuses cannot be saved or placed until it changes (faults.ts).
  const blocked = submitErrors !== null || isCartRefusal(priced.error);
  const failed = (error: Error, fallback: string) => {
    const apiError = error instanceof ApiError ? error : null;
    setSubmitErrors(apiError?.errors ?? null);
    notify.error(failureToast(refusalToast(error, fallback), fallback));
    // The field at fault takes the focus once the errors are on the page.
    requestAnimationFrame(() => focusFirstFault(apiError?.errors, cartIndexOfSent));
  };
  const onSaveQuote = () => {
    if (!body) return;
    saveQuote.mutate(body, {
      onSuccess: ({ id, message }) => {
        settled.current = true;
        notify.success(message || (draftId ? MESSAGES.orderQuoteUpdated : MESSAGES.orderQuoteCreated));
        navigate(`/cms/orders/drafts/${id}`);
      },
      onError: (error) => failed(error, MESSAGES.orderQuoteCreateFailed),
    });
  };
  const onPlaceOrder = () => {
    if (!body) return;
    placeOrder.mutate(
      { body, key: placeKey.current.key },
      {
        onSuccess: ({ id, message }) => {
          settled.current = true;
          notify.success(message || (draftId ? MESSAGES.orderFinalised : MESSAGES.orderCreated));
          navigate(`/cms/orders/${id}`);
        },
        onError: (error) =>
          failed(error, draftId ? MESSAGES.orderFinaliseFailed : MESSAGES.orderCreateFailed),
      },
    );
  };

  const { billing: billingAddress, shipping: shippingAddress } = effectiveAddresses(cart, customer ?? null);
  const setAddress = (kind: 'billing' | 'shipping', address: Address | null) =>
    change((c) => ({
      ...c,
      [`${kind}_address`]: address,
      // Another shipping address may have other methods: pick again.
      ...(kind === 'shipping' ? { shipping_method_id: null } : {}),
    }));
  // A 422 names its fields: say which, above the totals that stay from the last good cart.
  const firstFieldError = Object.values(priceError?.errors ?? {})[0]?.[0];
  const problem = priceError
    ? firstFieldError
      ? `${firstFieldError} The totals are from before the last change.`
      : priceError.message
    : null;

  return (
    <Box data-testid={builderIds.page}>
      <PageHeader
        title={draftId ? 'Edit quote' : 'New order'}
        subtitle={
          draftId
            ? `Quote ${draftId}`
            : 'Pick a customer, add products, then save a quote or place the order.'
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Customer
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                  <CustomerPicker
                    value={customer}
                    error={errorFor(errors, 'customer_id')}
                    onChange={(next) => {
                      setPicked(next);
                      change((c) => ({
                        ...c,
                        customer_id: next?.id ?? null,
                        shipping_method_id: null,
                        billing_address: null,
                        shipping_address: null,
                      }));
                    }}
                  />
                </Box>
                <Button
                  component={RouterLink}
                  to="/cms/customers/create"
                  data-testid={builderIds.newCustomer}
                  sx={{ mt: 1 }}
                >
                  New customer
                </Button>
              </Box>
              {customer && (
                <Box
                  sx={{ mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
                >
                  <AddressCard
                    title="Billing address"
                    address={billingAddress}
                    error={addressError(errors, 'billing_address')}
                    testId={builderIds.billingAddress}
                    own={cart.billing_address !== null}
                    onEdit={() => setEditing('billing')}
                    onReset={() => setAddress('billing', null)}
                    editTestId={builderIds.addressEdit('billing')}
                    resetTestId={builderIds.addressReset('billing')}
                  />
                  <AddressCard
                    title="Shipping address"
                    address={shippingAddress}
                    error={addressError(errors, 'shipping_address')}
                    testId={builderIds.shippingAddress}
                    own={cart.shipping_address !== null}
                    onEdit={() => setEditing('shipping')}
                    onReset={() => setAddress('shipping', null)}
                    editTestId={builderIds.addressEdit('shipping')}
                    resetTestId={builderIds.addressReset('shipping')}
                  />
                </Box>
              )}
              {editing && customer && (
                <Suspense fallback={null}>
                  <AddressOverrideDialog
                    kind={editing}
                    start={(editing === 'billing' ? billingAddress : shippingAddress) as Address | null}
                    name={customer.name}
                    currency={currency}
                    onClose={() => setEditing(null)}
                    onSave={(address) => {
                      setAddress(editing, address);
                      setEditing(null);
                    }}
                  />
                </Suspense>
              )}
            </CardContent>
          </Card>

          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Products
              </Typography>
              <ProductPicker
                onPick={(product, variantId) =>
                  change((c) => ({ ...c, lines: [...c.lines, newLine(product, variantId)] }))
                }
              />
              {errorFor(errors, 'items') && (
                <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
                  {errorFor(errors, 'items')}
                </Typography>
              )}
              <Stack spacing={1.5} sx={{ mt: 2 }}>
                {cart.lines.map((line, index) => {
                  const sent = sentIndex.get(line.key);
                  return (
                    <CartLineRow
                      key={line.key}
                      line={line}
                      index={index}
                      currency={currency}
                      error={sent === undefined ? undefined : lineError(errors, sent)}
                      onChange={lineHandlers.get(line.key) ?? (() => undefined)}
                      onRemove={() =>
                        change((c) => ({ ...c, lines: c.lines.filter((l) => l.key !== line.key) }))
                      }
                    />
                  );
                })}
              </Stack>
            </CardContent>
          </Card>

          <ShippingCard
            address={shippingAddress}
            productIds={[...new Set(cart.lines.map((line) => line.product_id))]}
            cartValue={lastGood?.items_amount ?? '0'}
            currency={currency}
            value={cart.shipping_method_id}
            error={errorFor(errors, 'shipping_method_id')}
            onChange={(id) => change((c) => ({ ...c, shipping_method_id: id }))}
          />

          <VoucherCard
            applied={cart.voucher_code}
            error={errorFor(errors, 'voucher_code')}
            onApply={(code) => change((c) => ({ ...c, voucher_code: code }))}
          />
        </Stack>

        <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 80 }, minWidth: 0 }}>
          <TotalsPanel
            price={body ? lastGood : null}
            loading={(priced.isFetching || bodyJson !== debouncedJson) && body !== null}
            problem={body ? problem : null}
          />
          <Stack direction={{ xs: 'column', sm: 'row', md: 'column' }} spacing={1}>
            <Button
              variant="outlined"
              disabled={!body || busy || blocked}
              onClick={onSaveQuote}
              data-testid={builderIds.saveQuote}
            >
              {draftId ? 'Save quote' : 'Save as quote'}
            </Button>
            <Button
              variant="contained"
              disabled={!body || busy || blocked}
              onClick={onPlaceOrder}
              data-testid={builderIds.placeOrder}
            >
              Place order
            </Button>
          </Stack>
          {body && blocked && (
            <Typography variant="body2" color="text.secondary" data-testid={builderIds.blocked}>
              Correct what is marked above to save or place the order.
            </Typography>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
