/** `/cms/orders/drafts`: the quotes (draft orders): search by customer, newest first; a row opens the quote. */
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import { DataList } from '../../components/DataList.tsx';
import { DateRangeFilter, FilterBar } from '../../components/ListFilters.tsx';
import { useListState } from '../../components/list-state.ts';
import { NewButton } from '../../components/NewButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDraftOrders } from './hooks.ts';
import { OrderTabs } from './OrderTabs.tsx';
import { draftColumns } from './order-columns.tsx';
import { ordersIds } from './testids.ts';

export function DraftOrdersPage() {
  const state = useListState();
  const drafts = useDraftOrders(state);
  const filtered = Boolean(state.search) || Object.keys(state.filters).length > 0;
  return (
    <Box data-testid={ordersIds.draftsPage}>
      <PageHeader
        title="Quotes"
        subtitle="Orders not placed yet: send them to the customer, then finalise"
        actions={
          <NewButton to="/cms/orders/create" icon={<AddShoppingCart />} testId={ordersIds.newOrder}>
            New order
          </NewButton>
        }
      />
      <OrderTabs current="drafts" />
      <DataList
        label="Quotes"
        columns={draftColumns}
        query={drafts}
        state={state}
        getRowId={(o) => o.id}
        rowHref={(o) => `/cms/orders/drafts/${o.id}`}
        rowLabel={(o) => `Quote ${o.id}`}
        selectable={false}
        toolbar={
          <FilterBar state={state} clearTestId={ordersIds.clearFilters}>
            <DateRangeFilter
              state={state}
              name="created"
              labels={['Created from', 'Created to']}
              width={180}
              testIds={[ordersIds.filter('created_from'), ordersIds.filter('created_to')]}
            />
          </FilterBar>
        }
        emptyText={filtered ? 'No quotes match.' : 'No quotes yet.'}
      />
    </Box>
  );
}
