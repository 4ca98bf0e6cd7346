/**
 * `/cms/products/buyout-prices`: the bulk buyout-price editor. The product list (search, filters and
 * pages in the URL) with a buyout price field per product; changes on any page are kept until saved
 * together with one `PUT products`. A 422 names the item (`products.3.buyout_price`): its message is
 * shown on that product's field.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product } from '@rentloop/domain/catalog';
import { MESSAGES } from '@rentloop/domain/messages';
import { useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useProducts } from '../../components/catalog-search.ts';
import { type Column, DataList } from '../../components/DataList.tsx';
import { useListState } from '../../components/list-state.ts';
import { formatAmount } from '../../components/money.ts';
import { amountText, readAmount } from '../../components/money-input.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { notify } from '../../utils/notify.ts';
import { type BuyoutEdit, buyoutPayload } from './bulk-edits.ts';
import { useBulkBuyout } from './hooks.ts';
import { errorsByItem } from './item-errors.ts';
import { ProductThumbnail } from './ProductThumbnail.tsx';
import { SOURCE_LABELS } from './product-labels.ts';
import { buyoutIds, productsIds } from './testids.ts';

export function BuyoutPricesPage() {
  const state = useListState();
  const products = useProducts(state, 25);
  const currency = useCompanyCurrency();
  const save = useBulkBuyout();
  const [edits, setEdits] = useState<Map<number, BuyoutEdit>>(new Map());
  const [serverErrors, setServerErrors] = useState<Map<number, string>>(new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      edits.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  const edit = (product: Product, text: string) => {
    setEdits((current) => {
      const next = new Map(current);
      if (text.trim() === amountText(product.buyout_price)) next.delete(product.id);
      else next.set(product.id, { product, text });
      return next;
    });
    setServerErrors((current) => {
      if (!current.has(product.id)) return current;
      const next = new Map(current);
      next.delete(product.id);
      return next;
    });
  };

  const errorOf = (product: Product) => {
    const pending = edits.get(product.id);
    if (pending && readAmount(pending.text, currency) === undefined) return MESSAGES.amountInvalid;
    return serverErrors.get(product.id);
  };

  const onSave = () => {
    setProblems([]);
    const { products: changes, invalid } = buyoutPayload(edits.values(), currency);
    if (invalid.length > 0) {
      notify.error(
        `${invalid.length} buyout price${invalid.length === 1 ? ' is' : 's are'} not a valid amount.`,
      );
      return;
    }
    save.mutate(changes, {
      onSuccess: ({ message }) => {
        notify.success(message || 'Buyout prices updated.');
        setEdits(new Map());
        setServerErrors(new Map());
      },
      onError: (error) => {
        notify.error(error.message);
        const errors = error instanceof ApiError ? error.errors : null;
        const { byKey, other } = errorsByItem(
          errors,
          'products',
          changes.map((c) => c.id),
        );
        setServerErrors(new Map([...byKey].map(([id, fields]) => [id, Object.values(fields).join(' ')])));
        const offPage = [...byKey.keys()]
          .filter((id) => !products.data?.data.some((p) => p.id === id))
          .map((id) => `${edits.get(id)?.product.name ?? `Product ${id}`}: ${serverMessage(byKey.get(id))}`);
        setProblems([...(errors ? [] : [error.message]), ...offPage, ...other]);
      },
    });
  };

  const columns: Column<Product>[] = [
    {
      id: 'name',
      label: 'Product',
      sortKey: 'name',
      render: (p) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <ProductThumbnail src={p.image_url} name={p.name} size={32} />
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={productsIds.name}>
            {p.name}
          </Typography>
        </Box>
      ),
    },
    { id: 'source', label: 'Source', hideOnMobile: true, render: (p) => SOURCE_LABELS[p.source] },
    {
      id: 'monthly',
      label: 'Monthly rent',
      align: 'right',
      hideOnMobile: true,
      render: (p) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>{formatAmount(p.rental_prices.monthly, p.currency)}</Box>
      ),
    },
    {
      id: 'current',
      label: 'Current buyout',
      align: 'right',
      render: (p) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatAmount(p.buyout_price, p.currency)}</Box>,
    },
    {
      id: 'buyout',
      label: 'New buyout price',
      width: 240,
      render: (p) => {
        const error = errorOf(p);
        const changed = edits.has(p.id);
        return (
          <TextField
            size="small"
            fullWidth
            value={edits.get(p.id)?.text ?? amountText(p.buyout_price)}
            onChange={(event) => edit(p, event.target.value)}
            placeholder="No buyout"
            error={Boolean(error)}
            helperText={error}
            color={changed ? 'warning' : undefined}
            focused={changed && !error ? true : undefined}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
              htmlInput: {
                inputMode: 'decimal',
                autoComplete: 'off',
                'aria-label': `Buyout price of ${p.name}`,
                'data-testid': buyoutIds.input(p.id),
              },
            }}
          />
        );
      },
    },
  ];

  const pending = [...edits.values()];
  return (
    <Box data-testid={buyoutIds.page}>
      <Button component={Link} to="/cms/products" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
        Products
      </Button>
      <PageHeader
        title="Buyout prices"
        subtitle={`What a customer pays to buy the product they rent, in ${currency}`}
        actions={
          <>
            <Button
              disabled={edits.size === 0 || save.isPending}
              onClick={() => {
                setEdits(new Map());
                setServerErrors(new Map());
                setProblems([]);
              }}
              data-testid={buyoutIds.discard}
            >
              Discard
            </Button>
            <Button
              variant="contained"
              startIcon={<Save />}
              disabled={edits.size === 0}
              loading={save.isPending}
              loadingPosition="start"
              onClick={onSave}
              data-testid={buyoutIds.save}
            >
              {edits.size === 0 ? 'Save' : `Save ${edits.size} change${edits.size === 1 ? '' : 's'}`}
            </Button>
          </>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Change the prices of as many products as you like, on any page or search, then save them together. An
        empty field means no buyout.
      </Typography>
      {pending.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid={buyoutIds.pending}>
          <Box sx={{ mb: 0.5 }}>Not saved yet:</Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {pending.map(({ product, text }) => {
              const value = readAmount(text, currency);
              return (
                <Chip
                  key={product.id}
                  size="small"
                  color={value === undefined || serverErrors.has(product.id) ? 'error' : 'default'}
                  label={`${product.name}: ${formatAmount(product.buyout_price, currency, 'no buyout')} → ${
                    value === undefined ? text : formatAmount(value, currency, 'no buyout')
                  }`}
                />
              );
            })}
          </Box>
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={buyoutIds.error}>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <DataList
        label="Buyout prices"
        columns={columns}
        query={products}
        state={state}
        getRowId={(p) => p.id}
        // 25 a page, fixed: the prices typed are kept per page (the screen's own state).
        pageSizeChoice={false}
        emptyText={state.search ? 'No products match.' : 'No products yet.'}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Discard changes"
        busy={false}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {edits.size} buyout price{edits.size === 1 ? ' is' : 's are'} not saved yet.
      </ConfirmDialog>
    </Box>
  );
}

const serverMessage = (fields: Record<string, string> | undefined) => Object.values(fields ?? {}).join(' ');
