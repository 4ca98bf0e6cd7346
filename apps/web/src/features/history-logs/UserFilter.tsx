/**
 * The trail's "By" filter: a user picked by typing part of a name or email (the operators' user list,
 * searched by the server), kept in the URL as the user's id. A user from the URL shows by name.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { User } from '@rentloop/domain/users';
import { useMemo, useState } from 'react';
import type { ListStateControls } from '../../components/list-state.ts';
import { SEARCH_DEBOUNCE_MS } from '../../components/paging.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useUser, useUsers } from '../users/hooks.ts';
import { historyLogsIds } from './testids.ts';

interface Picked {
  id: number;
  name: string;
  email: string | null;
}

const toPicked = (u: Pick<User, 'id' | 'name' | 'email'>): Picked => ({
  id: u.id,
  name: u.name,
  email: u.email,
});

export function UserFilter({ state }: { state: ListStateControls }) {
  const id = Number(state.filters.user) || 0;
  // What is typed (not the chosen user's name shown in the box) is the search.
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const users = useUsers({ page: 1, search, sort: 'name', desc: false, filters: {} });
  const chosen = useUser(id, id > 0);
  const name = chosen.data?.name;
  const email = chosen.data?.email ?? null;
  // A stable value while the same user is chosen, or the box would reset what it shows on every render.
  const value = useMemo<Picked | null>(
    () => (id ? { id, name: name ?? `User #${id}`, email } : null),
    [id, name, email],
  );
  const options = users.data?.data.map(toPicked) ?? [];

  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, next) => state.setFilter('user', next ? String(next.id) : null)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setTyped(next);
        else if (reason === 'clear' || reason === 'reset') setTyped('');
      }}
      // The server searched; show what it answered.
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      loading={users.isFetching}
      noOptionsText={search ? 'No users match.' : 'No users.'}
      sx={{ width: 240 }}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps;
        return (
          <li key={key} {...rest} data-testid={historyLogsIds.userOption(option.id)}>
            <span style={{ minWidth: 0 }}>
              {option.name}
              {option.email && (
                <span style={{ display: 'block', opacity: 0.7, fontSize: 12, wordBreak: 'break-all' }}>
                  {option.email}
                </span>
              )}
            </span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="By"
          placeholder="Any user"
          slotProps={{
            ...params.slotProps,
            inputLabel: { shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': historyLogsIds.filter('user') },
          }}
        />
      )}
    />
  );
}
