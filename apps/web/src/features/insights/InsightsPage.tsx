/**
 * `/cms/insights` and `/cms/dashboard`: the spec's stat cards and graphs (GraphsSection, computed by the
 * server from the records), then customers (and new this month), products and the catalog's value
 * (exact sums of the stored prices, in the company's currency), and how customers split by country and
 * language and products by type.
 */
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { InsightsSummary } from '@rentloop/domain/insights';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { countryName } from '../../components/country-name.ts';
import { formatAmount } from '../../components/money.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { humanize } from '../../utils/humanize.ts';
import { languageName } from '../../utils/languages.ts';
import { Breakdown, type Slice } from './Breakdown.tsx';
import { failedText } from './failed-text.ts';
import { useCustomerInsights, useInsightsSummary } from './hooks.ts';
import { insightsIds } from './testids.ts';

// Its own chunk: the graphs' components (tables, toggles) are not named in the app's entry, whose list
// of what each lazy page preloads is part of every screen's first load.
const GraphsSection = lazy(() => import('./GraphsSection.tsx').then((m) => ({ default: m.GraphsSection })));

const numberFormat = new Intl.NumberFormat('en');
const count = (n: number, one: string, many: string) => `${numberFormat.format(n)} ${n === 1 ? one : many}`;

/** The exact decimal the API sent, in the company's currency ("CA$5,100.28"). */
const money = (decimal: string, currency: string) => formatAmount(decimal, currency);

function StatCard(props: {
  label: string;
  value: string | undefined;
  hint: ReactNode;
  icon: ReactNode;
  to: string;
  testId: string;
}) {
  return (
    <Card>
      <CardActionArea component={Link} to={props.to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 3 }}>
          <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 40, height: 40 }}>
            {props.icon}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {props.label}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              data-testid={props.testId}
              // An amount reads whole: never broken inside "CA$5,100.28".
              sx={{ fontWeight: 700, fontSize: '1.3rem', whiteSpace: 'nowrap' }}
            >
              {props.value === undefined ? <Skeleton width={80} /> : props.value}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {props.value === undefined ? <Skeleton width={140} /> : props.hint}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const byCountry = (s: InsightsSummary): Slice[] =>
  s.customers.by_country.map((c) => ({
    key: c.country ?? 'none',
    label: c.country === null ? 'No billing address' : (countryName(c.country) ?? c.country),
    count: c.count,
  }));
const byLanguage = (s: InsightsSummary): Slice[] =>
  s.customers.by_language.map((l) => ({ key: l.language, label: languageName(l.language), count: l.count }));
const byType = (s: InsightsSummary): Slice[] =>
  s.products.by_type.map((t) => ({ key: t.type, label: humanize(t.type), count: t.count }));

export { failedText };

const grid = (min: number) =>
  ({
    display: 'grid',
    gap: 2,
    gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}px), 1fr))`,
    alignItems: 'start',
  }) as const;

export function InsightsPage() {
  const { company } = useCurrentCompany();
  const customers = useCustomerInsights();
  const summary = useInsightsSummary();
  const s = summary.data;
  const error = summary.error ?? customers.error;
  const newThisMonth = customers.data?.new_this_month;
  return (
    <Box data-testid={insightsIds.page}>
      <PageHeader
        title="Insights"
        subtitle={company ? `What ${company.name}'s data holds today` : undefined}
      />
      <Suspense fallback={<Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />}>
        <GraphsSection />
      </Suspense>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Customers and catalog
      </Typography>
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid={insightsIds.error}>
          {failedText(error.message)}
        </Alert>
      )}
      <Box sx={{ ...grid(260), mb: 2 }}>
        <StatCard
          label="Customers"
          value={s && numberFormat.format(s.customers.total)}
          hint={
            newThisMonth === undefined ? (
              'All customers of this company'
            ) : (
              <>
                <span data-testid={insightsIds.customersNewThisMonth}>
                  {numberFormat.format(newThisMonth)}
                </span>{' '}
                new this month
              </>
            )
          }
          icon={<PeopleAltOutlined />}
          to="/cms/customers"
          testId={insightsIds.customersTotal}
        />
        <StatCard
          label="Products"
          value={s && numberFormat.format(s.products.total)}
          hint={s && `${count(s.catalog.variants, 'variant', 'variants')} of active products`}
          icon={<Inventory2Outlined />}
          to="/cms/products"
          testId={insightsIds.productsTotal}
        />
        <StatCard
          label="Catalog value"
          value={s && money(s.catalog.list_value, s.currency)}
          hint={
            s && `One of each of ${count(s.catalog.priced_variants, 'priced variant', 'priced variants')}`
          }
          icon={<PaymentsOutlined />}
          to="/cms/products"
          testId={insightsIds.catalogValue}
        />
        <StatCard
          label="Stock value"
          value={s && money(s.catalog.stock_value, s.currency)}
          hint={s && `${count(s.catalog.units_in_stock, 'unit', 'units')} in stock, at their prices`}
          icon={<WarehouseOutlined />}
          to="/cms/products"
          testId={insightsIds.stockValue}
        />
      </Box>
      <Box sx={grid(300)}>
        <Breakdown
          title="Customers by country"
          name="country"
          slices={s && byCountry(s)}
          empty="No customers yet."
        />
        <Breakdown
          title="Customers by language"
          name="language"
          slices={s && byLanguage(s)}
          empty="No customers yet."
        />
        <Breakdown title="Products by type" name="type" slices={s && byType(s)} empty="No products yet." />
      </Box>
    </Box>
  );
}
