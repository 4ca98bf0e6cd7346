/**
 * `/cms/vouchers/{id}/products`: the products a voucher is limited to (none: every product), each
 * linked by its shop id (a product made by hand: its own id); add one by searching, remove with ×.
 */
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product } from '@rentloop/domain/catalog';
import { MESSAGES } from '@rentloop/domain/messages';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useProducts } from '../../components/catalog-search.ts';
import { RouteDialog } from '../../components/RouteDialog.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { notify } from '../../utils/notify.ts';
import { useSetVoucherProduct, useVoucher, useVoucherProducts } from './hooks.ts';
import { vouchersIds } from './testids.ts';

/** The id a product is linked by: its shop's id, or (made by hand) its own. */
const shopIdOf = (p: Pick<Product, 'id' | 'shop_id'>) => p.shop_id ?? String(p.id);

function AddProduct({ voucherId, included }: { voucherId: number; included: Set<number> }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 250);
  const products = useProducts({ page: 1, search, sort: 'name', desc: false, filters: {} }, 20);
  const set = useSetVoucherProduct(voucherId);
  const options = (products.data?.data ?? []).filter((p) => !included.has(p.id));
  return (
    <Autocomplete
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      onChange={(_, product) => {
        if (!product) return;
        set.mutate(
          { shopId: shopIdOf(product), include: true },
          { onError: (error) => notify.error(error.message || MESSAGES.voucherUpdateFailed) },
        );
        setInput('');
      }}
      filterOptions={(o) => o}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={products.isFetching || set.isPending}
      noOptionsText={search ? 'No product matches.' : 'No products.'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Add a product"
          placeholder="Search products"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': vouchersIds.productAdd },
          }}
        />
      )}
    />
  );
}

function Products({ voucherId }: { voucherId: number }) {
  const products = useVoucherProducts(voucherId);
  const set = useSetVoucherProduct(voucherId);
  useEffect(() => {
    if (products.error) notify.warning(MESSAGES.voucherProductsFetchFailed);
  }, [products.error]);
  const rows = products.data ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {products.error && (
        <Alert severity="warning" data-testid={vouchersIds.productsWarning}>
          {MESSAGES.voucherProductsFetchFailed}
        </Alert>
      )}
      {/* Without the list, what it applies to is unknown: no claim about it. */}
      {!products.error && (
        <Typography variant="body2" color="text.secondary">
          {rows.length === 0
            ? 'This voucher applies to every product. Add products to limit it to them.'
            : 'This voucher applies only to these products.'}
        </Typography>
      )}
      <AddProduct voucherId={voucherId} included={new Set(rows.map((p) => p.product_id))} />
      {products.isPending && <Skeleton height={48} />}
      {rows.length > 0 && (
        <List dense aria-label="Included products" data-testid={vouchersIds.productsList}>
          {rows.map((p) => (
            <ListItem
              key={p.product_id}
              data-testid={vouchersIds.productRow}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${p.name}`}
                  disabled={set.isPending}
                  onClick={() =>
                    set.mutate(
                      { shopId: p.product_shop_id, include: false },
                      { onError: (error) => notify.error(error.message || MESSAGES.voucherUpdateFailed) },
                    )
                  }
                  data-testid={vouchersIds.productRemove(p.product_id)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={p.name}
                secondary={
                  p.source === 'manual'
                    ? `Made by hand · id ${p.product_shop_id}`
                    : `${p.source} · shop id ${p.product_shop_id}`
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

export function VoucherProductsDialog() {
  const id = Number(useParams().id);
  const { search } = useLocation();
  const voucher = useVoucher(id);
  return (
    <RouteDialog
      title={voucher.data ? `Products of ${voucher.data.code}` : 'Voucher products'}
      closeTo={`/cms/vouchers${search}`}
      maxWidth="sm"
      testId={vouchersIds.productsDialog}
    >
      <DialogContent>
        <Products voucherId={id} />
      </DialogContent>
    </RouteDialog>
  );
}
