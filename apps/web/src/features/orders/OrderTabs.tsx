/** The three order lists' tabs: Orders, Quotes, Consumables (links, so each list has its own URL). */
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router';
import { ordersIds } from './testids.ts';

const TABS = [
  { value: 'orders', label: 'Orders', to: '/cms/orders' },
  { value: 'drafts', label: 'Quotes', to: '/cms/orders/drafts' },
  { value: 'consumables', label: 'Consumables', to: '/cms/orders/consumables' },
] as const;

export function OrderTabs({ current }: { current: (typeof TABS)[number]['value'] }) {
  return (
    <Tabs value={current} aria-label="Order lists" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {TABS.map((tab) => (
        <Tab
          key={tab.value}
          value={tab.value}
          label={tab.label}
          component={Link}
          to={tab.to}
          data-testid={ordersIds.tab(tab.value)}
        />
      ))}
    </Tabs>
  );
}
