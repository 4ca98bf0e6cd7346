/**
 * A list's "Show archived" switch (customers, products): the `archived` filter in the URL, which lists
 * the archived records instead of the active ones. Apart from ArchiveActions.tsx so a list screen's
 * chunk stays without the dialogs.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ListStateControls } from './list-state.ts';
import { archiveIds } from './testids.ts';

/** A list's "Show archived" switch: the `archived` filter in the URL (a new filter: page 1). */
export function ShowArchivedSwitch({ state }: { state: ListStateControls }) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={state.filters.archived === 'true'}
          onChange={(event) => state.setFilter('archived', event.target.checked ? 'true' : null)}
          slotProps={{ input: { 'data-testid': archiveIds.showArchived } as object }}
        />
      }
      label="Show archived"
      sx={{ ml: 0, whiteSpace: 'nowrap' }}
    />
  );
}
