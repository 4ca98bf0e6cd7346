/**
 * `/cms/products/{id}`: a product's rental terms, buyout price, tax (its class, the rules of that
 * class and the company's default rate), collections, the bundles it is in and its variants
 * (editable in place for hand-made products), with Edit for the rest.
 */

import ArrowForward from '@mui/icons-material/ArrowForward';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProductDetail } from '@rentloop/domain/catalog';
import { Outlet, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ArchiveNotice, useArchiveActions } from '../../components/ArchiveActions.tsx';
import { PRODUCT_CLASS_LABELS, PRODUCT_TYPE_LABELS } from '../../components/catalog-labels.ts';
import { countryLabel } from '../../components/country-label.ts';
import { CardGrid, DetailField, DetailPage } from '../../components/DetailPage.tsx';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatPercent } from '../../components/percent-text.ts';
import { StatusChip } from '../../components/StatusChip.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { formatDateTime } from '../../utils/dates.ts';
import { useIsCatalogAdmin } from './CatalogHeader.tsx';
import { useDeleteProduct, useProduct, useSetProductArchived } from './hooks.ts';
import { ProductThumbnail } from './ProductThumbnail.tsx';
import { htmlToText, INTERVALS, RENT_LABELS } from './product-form.ts';
import { SOURCE_LABELS } from './product-labels.ts';
import { regionLabel } from './tax-form.ts';
import { useTaxConfig, useTaxRulesOfClass } from './tax-hooks.ts';
import { productsIds } from './testids.ts';
import { VariantsCard } from './VariantsCard.tsx';

const fieldGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  columnGap: 3,
  rowGap: 2,
} as const;

function RentalCard({ product }: { product: ProductDetail }) {
  const money = (v: string | null) => formatAmount(v, product.currency);
  return (
    <Card>
      <CardHeader
        title="Rental terms"
        subheader="Kept in Rentloop, also for products from a shop"
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={fieldGrid}>
          {INTERVALS.map((i) => (
            <DetailField
              key={i}
              label={RENT_LABELS[i]}
              value={money(product.rental_prices[i])}
              testId={productsIds.field(`rental_prices.${i}`)}
            />
          ))}
          <DetailField
            label="Minimum term"
            value={
              product.minimum_term_months === null
                ? null
                : `${product.minimum_term_months} month${product.minimum_term_months === 1 ? '' : 's'}`
            }
            testId={productsIds.field('minimum_term_months')}
          />
          <DetailField label="Deposit" value={money(product.deposit)} testId={productsIds.field('deposit')} />
          <DetailField
            label="Buyout price"
            value={money(product.buyout_price)}
            testId={productsIds.field('buyout_price')}
          />
          <DetailField
            label="Purchase price"
            value={money(product.purchase_price)}
            testId={productsIds.field('purchase_price')}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The tax of the product: its class, the rules of that class (the one for the shipping address
 * applies: country and region, else country) and the company's default rate where none matches.
 */
function TaxCard({ product }: { product: ProductDetail }) {
  const config = useTaxConfig();
  const rules = useTaxRulesOfClass(product.product_class);
  const shown = rules.data?.data ?? [];
  const total = rules.data?.meta.total ?? 0;
  const error = config.error ?? rules.error;
  return (
    <Card>
      <CardHeader
        title="Tax"
        subheader="The rule for the shipping address applies (country and region, else country); without one, the default rate."
        slotProps={{ title: { variant: 'h6' } }}
        action={
          <Button
            component={RouterLink}
            to="/cms/products/tax"
            size="small"
            endIcon={<ArrowForward />}
            data-testid={productsIds.taxLink}
          >
            Tax rules
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : (
          <>
            <Box sx={fieldGrid}>
              <DetailField
                label="Tax class"
                value={PRODUCT_CLASS_LABELS[product.product_class]}
                testId={productsIds.field('product_class')}
              />
              <DetailField
                label="Default rate"
                value={config.data ? formatPercent(config.data.default_rate) : <Skeleton width={60} />}
                testId={productsIds.field('default_rate')}
              />
            </Box>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 2 }}>
              Rules for {PRODUCT_CLASS_LABELS[product.product_class].toLowerCase()} products
            </Typography>
            {rules.isPending ? (
              <Skeleton width="60%" />
            ) : total === 0 ? (
              <Typography variant="body2" data-testid={productsIds.taxRates} color="text.disabled">
                None: the default rate applies everywhere.
              </Typography>
            ) : (
              <Table size="small" data-testid={productsIds.taxRates} aria-label="Tax rules of this class">
                <TableBody>
                  {shown.map((rule) => (
                    <TableRow
                      key={rule.id}
                      data-testid={productsIds.taxRate}
                      data-country={rule.country}
                      data-region={rule.region ?? ''}
                    >
                      <TableCell sx={{ pl: 0 }}>
                        {rule.region
                          ? `${regionLabel(rule.country, rule.region)}, ${countryLabel(rule.country)}`
                          : countryLabel(rule.country)}
                        {rule.name ? (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {' '}
                            · {rule.name}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
                        {formatPercent(rule.percentage)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {total > shown.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                and {total - shown.length} more on the{' '}
                <Link component={RouterLink} to="/cms/products/tax">
                  Tax
                </Link>{' '}
                page.
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DetailsCard({ product }: { product: ProductDetail }) {
  return (
    <Card>
      <CardHeader title="Details" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={fieldGrid}>
          <DetailField
            label="Type"
            value={PRODUCT_TYPE_LABELS[product.type]}
            testId={productsIds.field('type')}
          />
          <DetailField
            label="Status"
            value={<StatusChip status={product.status} />}
            testId={productsIds.field('status')}
          />
          <DetailField
            label="Source"
            value={
              product.source === 'manual'
                ? 'Made in Rentloop'
                : `${SOURCE_LABELS[product.source]}${product.shop_id ? ` (id ${product.shop_id})` : ''}`
            }
            testId={productsIds.field('source')}
          />
          <Box sx={{ gridColumn: { sm: 'span 2', md: 'span 3' } }}>
            <DetailField
              label="Collections"
              testId={productsIds.field('collections')}
              value={
                product.collections.length === 0 ? (
                  'None'
                ) : (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {product.collections.map((c) => (
                      <Chip
                        key={c.id}
                        size="small"
                        label={c.name}
                        component={RouterLink}
                        to={`/cms/products?filters=${encodeURIComponent(JSON.stringify({ collection_id: String(c.id) }))}`}
                        clickable
                      />
                    ))}
                  </Box>
                )
              }
            />
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 2', md: 'span 3' } }}>
            <DetailField
              label="In bundles"
              testId={productsIds.field('bundles')}
              value={
                product.bundles.length === 0 ? (
                  'None'
                ) : (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {product.bundles.map((b) => (
                      <Chip
                        key={b.id}
                        size="small"
                        variant="outlined"
                        label={b.is_group ? `${b.name} (group)` : b.name}
                        component={RouterLink}
                        to={`/cms/products/bundles/${b.id}`}
                        clickable
                        data-testid={productsIds.bundleLink(b.id)}
                      />
                    ))}
                  </Box>
                )
              }
            />
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 2', md: 'span 3' } }}>
            <DetailField
              label="Description"
              testId={productsIds.field('description')}
              // A shop's description is HTML: shown as text, never rendered.
              value={htmlToText(product.description)}
            />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

export function ProductDetailPage() {
  const id = Number(useParams().id);
  const product = useProduct(id);
  const isAdmin = useIsCatalogAdmin();
  const currency = useCompanyCurrency();
  const navigate = useNavigate();
  const setArchived = useSetProductArchived(id);
  const remove = useDeleteProduct(id);
  // Archive, restore and delete are admin writes, like every other change of the catalog.
  const { buttons, dialog } = useArchiveActions({
    noun: 'product',
    record: product.data,
    setArchived: isAdmin ? setArchived : null,
    remove: isAdmin ? remove : null,
    onDeleted: () => navigate('/cms/products'),
  });

  return (
    <DetailPage
      query={product}
      list={{ to: '/cms/products', label: 'Products', all: 'All products' }}
      crumb={(p) => p.name}
      notFound="This product does not exist in the current company."
      testId={productsIds.detailPage}
      errorTestId={productsIds.detailError}
      header={(p) => (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          {p && (
            <Box sx={{ pt: 0.5 }}>
              <ProductThumbnail src={p.image_url} name={p.name} size={56} />
            </Box>
          )}
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <PageHeader
              title={p ? p.name : <Skeleton width={260} />}
              titleTestId={productsIds.detailName}
              subtitle={
                p ? (
                  <>
                    {p.source === 'manual' ? 'Made in Rentloop' : `From ${SOURCE_LABELS[p.source]}`} · updated{' '}
                    {formatDateTime(p.updated_at)}
                  </>
                ) : (
                  <Skeleton width={200} />
                )
              }
              actions={
                isAdmin && (
                  <>
                    {buttons}
                    <Button
                      component={RouterLink}
                      to="edit"
                      variant="contained"
                      startIcon={<Edit />}
                      disabled={!p}
                      data-testid={productsIds.edit}
                    >
                      Edit
                    </Button>
                  </>
                )
              }
            />
          </Box>
        </Box>
      )}
      skeletonHeight={360}
      extra={
        <>
          <Outlet />
          {dialog}
        </>
      }
    >
      {(p) => (
        <CardGrid>
          <ArchiveNotice noun="product" record={p} showRefusal={isAdmin} />
          {p.source !== 'manual' && (
            <Alert severity="info" sx={{ gridColumn: { lg: 'span 2' } }} data-testid={productsIds.fromShop}>
              Comes from the shop: name, description, type, status, image and variants are kept in sync with{' '}
              {SOURCE_LABELS[p.source]}. Rental terms, buyout price, tax class and collections are Rentloop's.
              {p.status === 'deleted_in_shop' && (
                <>
                  {' '}
                  This product is no longer in the shop; it stays here because orders and subscriptions may
                  refer to it.
                </>
              )}
            </Alert>
          )}
          <RentalCard product={p} />
          <DetailsCard product={p} />
          <TaxCard product={p} />
          <VariantsCard product={p} editable={isAdmin} currency={currency} />
          {p.bundles.length === 0 && p.collections.length === 0 && isAdmin && (
            <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { lg: 'span 2' } }}>
              Group products on the{' '}
              <Link component={RouterLink} to="/cms/products/collections">
                Collections
              </Link>{' '}
              tab, or sell them together as a{' '}
              <Link component={RouterLink} to="/cms/products/bundles">
                bundle
              </Link>
              .
            </Typography>
          )}
        </CardGrid>
      )}
    </DetailPage>
  );
}
