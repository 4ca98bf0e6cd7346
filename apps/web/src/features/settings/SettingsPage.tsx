/**
 * `/admin/settings` (owners, admins, operators): the company's settings, one section at a time, chosen
 * in the list on the left (grouped: the business, the checkout) and kept in the URL
 * (`?section=invoice`) so a section can be linked. Each section is its own form, saved on its own.
 */
import Storefront from '@mui/icons-material/Storefront';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type CompanySettings,
  SETTINGS_SECTION_KEYS,
  SETTINGS_SECTIONS,
  type SettingsSectionKey,
  sectionKeyOf,
} from '@rentloop/domain/settings';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiKeyCard } from './ApiKeyCard.tsx';
import { useSaveSection, useSettings } from './hooks.ts';
import { SectionForm, type SectionSave } from './SectionForm.tsx';
import { settingsIds } from './testids.ts';

/** The shipping countries, methods and rules: loaded with the shipping section only. */
const ShippingPanel = lazy(() =>
  import('../shipping/ShippingPanel.tsx').then((m) => ({ default: m.ShippingPanel })),
);

type Choice = SettingsSectionKey | 'shop_system';

const GROUPS = [
  { title: 'Business', keys: SETTINGS_SECTION_KEYS.filter((k) => SETTINGS_SECTIONS[k].group === 'business') },
  { title: 'Checkout', keys: SETTINGS_SECTION_KEYS.filter((k) => SETTINGS_SECTIONS[k].group === 'checkout') },
];
const titleOf = (key: Choice) => (key === 'shop_system' ? 'Shop system' : SETTINGS_SECTIONS[key].title);

export function SectionList({
  current,
  choose,
  withShop = true,
}: {
  current: Choice;
  choose: (key: Choice) => void;
  withShop?: boolean;
}) {
  const item = (key: Choice) => (
    <ListItemButton
      key={key}
      selected={current === key}
      onClick={() => choose(key)}
      data-testid={settingsIds.tab(key)}
      aria-current={current === key ? 'page' : undefined}
      sx={{ borderRadius: 1 }}
    >
      <ListItemText primary={titleOf(key)} slotProps={{ primary: { variant: 'body2' } }} />
    </ListItemButton>
  );
  return (
    <Card sx={{ alignSelf: 'start' }}>
      <List
        dense
        component="nav"
        aria-label="Settings sections"
        data-testid={settingsIds.tabs}
        sx={{ px: 1 }}
      >
        {GROUPS.map((group) => (
          <Box key={group.title}>
            <ListSubheader component="div" disableSticky sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>
              {group.title}
            </ListSubheader>
            {group.keys.map(item)}
            {withShop && group.title === 'Business' && item('shop_system')}
          </Box>
        ))}
      </List>
    </Card>
  );
}

function CompanySectionForm({
  sectionKey,
  settings,
}: {
  sectionKey: SettingsSectionKey;
  settings: CompanySettings;
}) {
  const save = useSaveSection(sectionKey) as unknown as SectionSave;
  return <SectionForm sectionKey={sectionKey} view={settings[sectionKey]} save={save} />;
}

/** The shop connection has its own screen (credentials checked against the shop's address). */
function ShopSection({ shop }: { shop: CompanySettings['shop_system'] }) {
  return (
    <Card>
      <CardHeader
        title="Shop system"
        subheader="The online shop your catalog is synced from."
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography variant="body2">
          {shop.shop_system ? (
            <>
              Connected to <strong>{shop.url}</strong> ({shop.shop_system}).
            </>
          ) : (
            'No shop connected.'
          )}
        </Typography>
        <Button component={Link} to="/cms/products/shop" variant="outlined" startIcon={<Storefront />}>
          Open the shop connection
        </Button>
      </CardContent>
    </Card>
  );
}

export function SettingsPage() {
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const asked = sectionKeyOf(params.get('section') ?? '');
  const current: Choice = asked ?? 'invoice';
  const choose = (key: Choice) =>
    setParams(
      (p) => {
        p.set('section', key);
        return p;
      },
      { replace: false },
    );

  return (
    <Box data-testid={settingsIds.page}>
      <PageHeader
        title="Settings"
        subtitle="How your company invoices, charges, renews and sells: each section is saved on its own."
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' } }}>
        <SectionList current={current} choose={choose} />
        <Box sx={{ minWidth: 0 }}>
          {settings.data ? (
            current === 'shop_system' ? (
              <ShopSection shop={settings.data.shop_system} />
            ) : (
              <Stack spacing={3}>
                {/* Keyed by section: switching sections starts a fresh form. */}
                <CompanySectionForm key={current} sectionKey={current} settings={settings.data} />
                {current === 'checkout_shipping' && (
                  <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
                    <ShippingPanel />
                  </Suspense>
                )}
                {current === 'checkout_general' && (
                  <ApiKeyCard
                    set={settings.data.checkout_general.api_key_set}
                    last4={settings.data.checkout_general.api_key_last4}
                  />
                )}
              </Stack>
            )
          ) : settings.error ? (
            <Alert severity="error" data-testid={settingsIds.error}>
              {settings.error.message || 'Could not fetch settings.'}
            </Alert>
          ) : (
            <Skeleton variant="rounded" height={420} />
          )}
        </Box>
      </Box>
      <Outlet />
    </Box>
  );
}
