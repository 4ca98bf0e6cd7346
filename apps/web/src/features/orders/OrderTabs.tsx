/** The three order lists' tabs: Orders, Quotes, Consumables (links, so each list has its own URL). */
import Box from '@mui/material/Box';
import { LinkTabs } from '../../components/LinkTabs.tsx';
import { ordersIds } from './testids.ts';

const TABS = [
  { value: 'orders', label: 'Orders', to: '/cms/orders' },
  { value: 'drafts', label: 'Quotes', to: '/cms/orders/drafts' },
  { value: 'consumables', label: 'Consumables', to: '/cms/orders/consumables' },
] as const;

export function OrderTabs({ current }: { current: (typeof TABS)[number]['value'] }) {
  return (
    <Box sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <LinkTabs tabs={TABS} current={current} label="Order lists" tabTestId={ordersIds.tab} />
    </Box>
  );
}
