/**
 * The app bar's search (issue 11, "Navigation"): a button, and the shortcuts Ctrl/Cmd+K and "/" from
 * anywhere in the signed-in app. The dialog's code is fetched the first time it opens.
 */
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { isSearchShortcut } from './search-sources.ts';
import { searchIds } from './testids.ts';

const SearchDialog = lazy(() => import('./SearchDialog.tsx').then((m) => ({ default: m.SearchDialog })));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function GlobalSearch({ inverted }: { inverted: boolean }) {
  const { company } = useCurrentCompany();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });

  useEffect(() => {
    if (!company) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setWanted(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [company]);

  // Company screens only: the search reads the current company's lists.
  if (!company) return null;
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';
  const openSearch = () => {
    setWanted(true);
    setOpen(true);
  };

  return (
    <>
      {narrow ? (
        <IconButton color="inherit" aria-label="Search" onClick={openSearch} data-testid={searchIds.open}>
          <Search />
        </IconButton>
      ) : (
        <Button
          color="inherit"
          variant="outlined"
          onClick={openSearch}
          startIcon={<Search />}
          aria-keyshortcuts="Control+K Meta+K /"
          data-testid={searchIds.open}
          sx={{
            textTransform: 'none',
            borderColor: inverted ? 'rgba(255,255,255,0.5)' : 'divider',
            color: inverted ? 'inherit' : 'text.secondary',
            minWidth: 220,
            justifyContent: 'flex-start',
          }}
        >
          <Box component="span" sx={{ flexGrow: 1, textAlign: 'left' }}>
            Search
          </Box>
          <Box
            component="kbd"
            sx={{
              fontFamily: 'inherit',
              fontSize: 12,
              border: 1,
              borderColor: 'divider',
              borderRadius: 0.5,
              px: 0.5,
            }}
          >
            {shortcut}
          </Box>
        </Button>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
