/**
 * The shipping part of Settings (`/admin/settings?section=checkout_shipping`): the countries shipped
 * to (with their regions), every method (the countries' and the global ones, each with its price rule)
 * and the standalone rules that block or surcharge products to some places. Dialogs are child routes.
 */
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Tune from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { MESSAGES } from '@rentloop/domain/messages';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { countryLabel } from '../../components/country-label.ts';
import { formatAmount } from '../../components/money.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { useCompanyCurrency } from '../../components/use-company-currency.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { notify } from '../../utils/notify.ts';
import { useShippingCountries, useShippingMethods, useShippingRules, useShippingWrite } from './hooks.ts';
import { shippingIds } from './testids.ts';

/** The row links keep the Settings page on its shipping section behind their dialogs (NewButton keeps the URL's own). */
const SECTION = '?section=checkout_shipping';

interface Deleting {
  kind: 'country' | 'method' | 'rule';
  id: number;
  name: string;
}
const DELETE = {
  country: { rest: 'shipping-countries', failed: MESSAGES.shippingCountryDeleteFailed },
  method: { rest: 'shipping-methods', failed: MESSAGES.shippingMethodDeleteFailed },
  rule: { rest: 'shipping-rules', failed: MESSAGES.shippingRuleDeleteFailed },
} as const;

function Section(props: {
  title: string;
  subheader: string;
  action: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={props.testId}>
      <CardHeader
        title={props.title}
        subheader={props.subheader}
        action={props.action}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <Box sx={{ overflowX: 'auto' }}>{props.children}</Box>
    </Card>
  );
}

function DeleteButton({ item, onClick }: { item: Deleting; onClick: (d: Deleting) => void }) {
  return (
    <Tooltip title={`Delete ${item.name}`}>
      <IconButton
        aria-label={`Delete ${item.name}`}
        onClick={() => onClick(item)}
        data-testid={shippingIds.remove(item.kind, item.id)}
      >
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

const days = (min: number | null, max: number | null) =>
  min === null && max === null ? '' : min === max || max === null ? `${min} days` : `${min ?? 0}–${max} days`;

export function ShippingPanel() {
  const currency = useCompanyCurrency();
  const countries = useShippingCountries();
  const methods = useShippingMethods();
  const rules = useShippingRules();
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const remove = useShippingWrite<never>('DELETE', deleting ? DELETE[deleting.kind].failed : '');
  const countryOf = (id: number | null) => countries.data?.find((c) => c.id === id);
  const error = countries.error ?? methods.error ?? rules.error;

  return (
    <Stack spacing={3} data-testid={shippingIds.panel}>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Section
        title="Shipping countries"
        subheader="Where you ship. Canada, the United States and Australia can be limited to some regions."
        testId={shippingIds.countries}
        action={
          <NewButton
            to="/admin/settings/shipping-countries/create"
            icon={<Add />}
            testId={shippingIds.newCountry}
          >
            Add country
          </NewButton>
        }
      >
        <Table size="small" aria-label="Shipping countries">
          <TableHead>
            <TableRow>
              <TableCell>Country</TableCell>
              <TableCell>Regions</TableCell>
              <TableCell align="right">Methods</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!countries.data && <LoadingRow span={4} />}
            {countries.data?.length === 0 && <EmptyRow span={4} text="No shipping countries yet." />}
            {countries.data?.map((c) => (
              <TableRow key={c.id} data-testid={shippingIds.countryRow} data-country={c.country}>
                <TableCell>
                  {countryLabel(c.country)} ({c.country.toUpperCase()})
                </TableCell>
                <TableCell>{c.regions ? c.regions.join(', ') : 'Whole country'}</TableCell>
                <TableCell align="right">{c.methods_count}</TableCell>
                <TableCell align="right">
                  <DeleteButton
                    item={{ kind: 'country', id: c.id, name: countryLabel(c.country) }}
                    onClick={setDeleting}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section
        title="Shipping methods"
        subheader="A country's methods, and global ones offered in every shipping country. A rule prices a method by cart value or weight."
        testId={shippingIds.methods}
        action={
          <NewButton
            to="/admin/settings/shipping-methods/create"
            icon={<Add />}
            testId={shippingIds.newMethod}
          >
            Add method
          </NewButton>
        }
      >
        <Table size="small" aria-label="Shipping methods">
          <TableHead>
            <TableRow>
              <TableCell>Method</TableCell>
              <TableCell>Country</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Free from</TableCell>
              <TableCell>Delivery</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!methods.data && <LoadingRow span={6} />}
            {methods.data?.length === 0 && <EmptyRow span={6} text="No shipping methods yet." />}
            {methods.data?.map((m) => {
              const country = countryOf(m.shipping_country_id);
              return (
                <TableRow key={m.id} data-testid={shippingIds.methodRow} data-name={m.name}>
                  <TableCell>
                    {m.name}
                    {m.carrier && (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {' '}
                        · {m.carrier}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>{country ? countryLabel(country.country) : 'All countries'}</TableCell>
                  <TableCell align="right">{formatAmount(m.price, currency)}</TableCell>
                  <TableCell align="right">{formatAmount(m.free_shipping_threshold, currency, '')}</TableCell>
                  <TableCell>{days(m.delivery_days_min, m.delivery_days_max)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={`Price rule of ${m.name}`}>
                      <IconButton
                        component={Link}
                        to={`/admin/settings/shipping-methods/${m.id}/rule${SECTION}`}
                        aria-label={`Price rule of ${m.name}`}
                        data-testid={shippingIds.methodRule(m.id)}
                      >
                        <Tune fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={`Edit ${m.name}`}>
                      <IconButton
                        component={Link}
                        to={`/admin/settings/shipping-methods/${m.id}/edit${SECTION}`}
                        aria-label={`Edit ${m.name}`}
                      >
                        <Edit fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <DeleteButton item={{ kind: 'method', id: m.id, name: m.name }} onClick={setDeleting} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Section>

      <Section
        title="Shipping rules"
        subheader="Rules of their own: block products to some places (no e-bikes to the territories) or add a surcharge."
        testId={shippingIds.rules}
        action={
          <NewButton to="/admin/settings/shipping-rules/create" icon={<Add />} testId={shippingIds.newRule}>
            Add rule
          </NewButton>
        }
      >
        <Table size="small" aria-label="Shipping rules">
          <TableHead>
            <TableRow>
              <TableCell>Rule</TableCell>
              <TableCell>Does</TableCell>
              <TableCell>Where</TableCell>
              <TableCell align="right">Products</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!rules.data && <LoadingRow span={5} />}
            {rules.data?.filter((r) => r.shipping_method_id === null).length === 0 && (
              <EmptyRow span={5} text="No standalone rules." />
            )}
            {rules.data
              ?.filter((r) => r.shipping_method_id === null)
              .map((r) => (
                <TableRow key={r.id} data-testid={shippingIds.ruleRow} data-name={r.name}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>
                    {r.action === 'block' ? 'Blocks shipping' : `Adds ${formatAmount(r.surcharge, currency)}`}
                  </TableCell>
                  <TableCell>
                    {[...r.countries.map((c) => c.toUpperCase()), ...r.regions].join(', ') || 'Everywhere'}
                  </TableCell>
                  <TableCell align="right">{r.product_ids.length || 'All'}</TableCell>
                  <TableCell align="right">
                    <DeleteButton item={{ kind: 'rule', id: r.id, name: r.name }} onClick={setDeleting} />
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </Section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete"
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { rest: `${DELETE[deleting.kind].rest}/${deleting.id}` },
            {
              onSuccess: ({ message }) => notify.success(message),
              onError: (e) => notify.error(e.message),
              onSettled: () => setDeleting(null),
            },
          );
        }}
      >
        Delete {deleting?.name}?{deleting?.kind === 'country' ? ' Its methods go with it.' : ''}
      </ConfirmDialog>
    </Stack>
  );
}

function LoadingRow({ span }: { span: number }) {
  return (
    <TableRow>
      <TableCell colSpan={span}>
        <Skeleton />
      </TableCell>
    </TableRow>
  );
}

function EmptyRow({ span, text }: { span: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={span} sx={{ color: 'text.secondary' }}>
        {text}
      </TableCell>
    </TableRow>
  );
}
