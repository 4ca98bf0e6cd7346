/**
 * `/cms/orders` (and `/cms/orders/consumables`): the orders list: search by number, customer name or
 * email; filters by status, payment status, tag and creation dates in the URL; the selected rows'
 * tag or status changed at once ("Change tag / status", with a result per order).
 */
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Label from '@mui/icons-material/LabelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Outlet } from 'react-router';
import { paths } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { DataList } from '../../components/DataList.tsx';
import { DateRangeFilter, FilterBar, SelectFilter } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useOrders } from './hooks.ts';
import { OrderTabs } from './OrderTabs.tsx';
import { orderColumns } from './order-columns.tsx';
import { ORDER_STATUS_OPTIONS, PAYMENT_STATUS_OPTIONS, TAG_OPTIONS } from './order-format.ts';
import { useBulkOrdersDialog } from './order-list-actions.ts';
import { ordersIds } from './testids.ts';

export function OrdersPage({ consumable = false }: { consumable?: boolean }) {
  const state = useListState();
  const company = useCompanyId();
  const orders = useOrders(state, consumable);
  const { openBulkOrders } = useBulkOrdersDialog();
  const base = consumable ? '/cms/orders/consumables' : '/cms/orders';
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;

  const filters = (
    <FilterBar state={state} clearTestId={ordersIds.clearFilters}>
      <SelectFilter
        state={state}
        name="status"
        label="Status"
        width={150}
        allLabel="All statuses"
        options={ORDER_STATUS_OPTIONS}
        testId={ordersIds.filter('status')}
        optionTestId={(v) => ordersIds.filterOption('status', v)}
      />
      <SelectFilter
        state={state}
        name="payment_status"
        label="Payment status"
        width={180}
        allLabel="All payment states"
        options={PAYMENT_STATUS_OPTIONS}
        testId={ordersIds.filter('payment_status')}
        optionTestId={(v) => ordersIds.filterOption('payment_status', v)}
      />
      <SelectFilter
        state={state}
        name="tag"
        label="Tag"
        width={170}
        allLabel="All tags"
        options={TAG_OPTIONS}
        testId={ordersIds.filter('tag')}
        optionTestId={(v) => ordersIds.filterOption('tag', v)}
      />
      <DateRangeFilter
        state={state}
        name="created"
        labels={['Created from', 'Created to']}
        width={180}
        testIds={[ordersIds.filter('created_from'), ordersIds.filter('created_to')]}
      />
    </FilterBar>
  );

  return (
    <Box data-testid={consumable ? ordersIds.consumablesPage : ordersIds.listPage}>
      <PageHeader
        title={consumable ? 'Consumable orders' : 'Orders'}
        subtitle="Placed orders with their payment and delivery state"
        actions={
          <NewButton to="/cms/orders/create" icon={<AddShoppingCart />} testId={ordersIds.newOrder}>
            New order
          </NewButton>
        }
      />
      <OrderTabs current={consumable ? 'consumables' : 'orders'} />
      <DataList
        label={consumable ? 'Consumable orders' : 'Orders'}
        columns={orderColumns}
        query={orders}
        state={state}
        getRowId={(o) => o.id}
        rowHref={(o) => `${base}/${o.id}`}
        rowLabel={(o) => `Order ${o.number ?? o.id}`}
        exportPath={consumable ? undefined : `${paths.replica(company, 'orders')}/export`}
        toolbar={filters}
        bulkActions={(rows, clear) => (
          <Button
            size="small"
            startIcon={<Label />}
            onClick={() => openBulkOrders(rows, clear)}
            data-testid={ordersIds.bulkChange}
          >
            Change tag / status
          </Button>
        )}
        emptyText={filtered ? 'No orders match.' : 'No orders yet.'}
      />
      <Outlet />
    </Box>
  );
}

export function ConsumableOrdersPage() {
  return <OrdersPage consumable />;
}
