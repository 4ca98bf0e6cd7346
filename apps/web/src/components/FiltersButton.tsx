/**
 * The phone's "Filters" button of a list and the panel it opens below the search (counting the filters
 * set). Phones only, so DataList loads it lazily: desktops never download it (scripts/size-budget.mjs).
 */
import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import type { ReactNode } from 'react';
import { dataListIds } from './testids.ts';

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
      startIcon={<FilterList />}
    >
      {active > 0 ? `Filters (${active})` : 'Filters'}
    </Button>
  );
}

export function FiltersPanel({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <Collapse in={open} unmountOnExit>
      <Box
        id={FILTERS_PANEL_ID}
        data-testid={dataListIds.filtersPanel}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 1.5,
          p: 2,
          borderBottom: 1,
          borderColor: 'divider',
          // Every field full width, the date field's wrapper too (a flex item of the filter bar's row).
          '& .MuiTextField-root, & .MuiFormControl-root, & [data-date-field]': { width: '100%' },
        }}
      >
        {children}
      </Box>
    </Collapse>
  );
}
