/**
 * The global search's dialog: one field, results grouped by list (customers, products; see
 * search-sources.ts), arrows to move, Enter to open, Esc to close. It is a combobox over a listbox
 * (WAI-ARIA's pattern), so a screen reader follows the highlighted result while focus stays in the
 * field. Loaded on first use, not with the app.
 */
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api, unwrapPage } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { HITS_PER_SOURCE, SEARCH_SOURCES, type SearchHit } from './search-sources.ts';
import { searchIds } from './testids.ts';

const SEARCH_DEBOUNCE_MS = 250;

interface Group {
  key: string;
  label: string;
  total: number;
  hits: SearchHit[];
  listHref: string;
}

function useSearchGroups(search: string) {
  const company = useCompanyId();
  const results = useQueries({
    queries: SEARCH_SOURCES.map((source) => ({
      queryKey: ['global-search', source.key, company, search],
      enabled: search.length > 0,
      placeholderData: keepPreviousData,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const query = { page: 1, per_page: HITS_PER_SOURCE, search };
        return unwrapPage(await api.get<never[]>(source.path(company), { query, signal }));
      },
    })),
  });
  const groups: Group[] = SEARCH_SOURCES.flatMap((source, i) => {
    const page = results[i]?.data;
    if (!page || page.data.length === 0) return [];
    return [
      {
        key: source.key,
        label: source.label,
        total: page.meta.total,
        hits: page.data.map((row) => source.toHit(row)),
        listHref: source.listHref(search),
      },
    ];
  });
  return {
    groups,
    fetching: results.some((r) => r.isFetching),
    failed: results.some((r) => r.isError),
    settled: search.length > 0 && results.every((r) => r.isSuccess && !r.isPlaceholderData),
  };
}

export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const { groups, fetching, failed, settled } = useSearchGroups(search);
  const hits = useMemo(() => groups.flatMap((g) => g.hits.map((hit) => ({ group: g.key, hit }))), [groups]);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const activeIndex = hits.length === 0 ? -1 : Math.min(active, hits.length - 1);

  const go = (href: string) => {
    onClose();
    setInput('');
    navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (hits.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = hits[activeIndex];
      if (chosen) go(chosen.hit.href);
    }
  };

  let index = -1;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        // The Paper carries role="dialog": its name goes there (axe: aria-dialog-name).
        paper: {
          'data-testid': searchIds.dialog,
          'aria-label': 'Search',
          sx: { alignSelf: 'flex-start', mt: 10 },
        } as object,
      }}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search customers and products"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
            htmlInput: {
              'data-testid': searchIds.input,
              role: 'combobox',
              'aria-label': 'Search customers and products',
              'aria-expanded': hits.length > 0,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
            },
          }}
        />
      </Box>
      <Box sx={{ height: 4 }}>{fetching && <LinearProgress aria-label="Searching" />}</Box>
      <Box sx={{ px: 1, pb: 2, maxHeight: '60vh', overflowY: 'auto' }}>
        {failed && (
          <Alert severity="error" sx={{ mx: 1 }} data-testid={searchIds.error}>
            The search could not be completed. Try again.
          </Alert>
        )}
        {!search && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1 }}>
            Type a name, an email or a product. Open this search anywhere with Ctrl+K or /.
          </Typography>
        )}
        {settled && groups.length === 0 && !failed && (
          <Typography variant="body2" sx={{ px: 1, py: 1 }} data-testid={searchIds.empty}>
            No customer or product matches “{search}”.
          </Typography>
        )}
        <Box component="div" role="listbox" id={listId} aria-label="Search results">
          {groups.map((group) => (
            <Box
              key={group.key}
              role="group"
              aria-label={group.label}
              data-testid={searchIds.group(group.key)}
            >
              <Typography
                aria-hidden
                variant="overline"
                component="div"
                sx={{ px: 1, pt: 1.5, lineHeight: 1.5 }}
              >
                {group.label}
              </Typography>
              {group.hits.map((hit) => {
                index += 1;
                const i = index;
                return (
                  <Box
                    key={hit.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === activeIndex}
                    data-testid={searchIds.result}
                    onMouseMove={() => setActive(i)}
                    onClick={() => go(hit.href)}
                    sx={{
                      px: 1.5,
                      py: 1,
                      borderRadius: 1,
                      cursor: 'pointer',
                      bgcolor: i === activeIndex ? 'action.selected' : undefined,
                    }}
                  >
                    <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                      {hit.title}
                    </Typography>
                    {hit.detail && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {hit.detail}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
        {groups
          .filter((group) => group.total > group.hits.length)
          .map((group) => (
            <Link
              key={group.key}
              component={RouterLink}
              to={group.listHref}
              onClick={onClose}
              variant="body2"
              sx={{ display: 'block', px: 1.5, pt: 1 }}
            >
              All {group.total.toLocaleString('en')} {group.label.toLowerCase()} matching “{search}”
            </Link>
          ))}
      </Box>
    </Dialog>
  );
}
