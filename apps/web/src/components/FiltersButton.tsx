/** The phone's "Filters" button of a list: it opens the filters below the search, and counts those set. */
import FilterList from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import { countActiveFilters } from './list-filters-count.ts';
import { dataListIds } from './testids.ts';

export { countActiveFilters };
export const FILTERS_PANEL_ID = 'data-list-filters';

export function FiltersButton({
  open,
  onToggle,
  active,
}: {
  open: boolean;
  onToggle: () => void;
  active: number;
}) {
  return (
    <Button
      variant="outlined"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? FILTERS_PANEL_ID : undefined}
      data-testid={dataListIds.filtersToggle}
      startIcon={
        <Badge badgeContent={active} color="primary" invisible={active === 0}>
          <FilterList />
        </Badge>
      }
    >
      {active > 0 ? `Filters (${active})` : 'Filters'}
    </Button>
  );
}
