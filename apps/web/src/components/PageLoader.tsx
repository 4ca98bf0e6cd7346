import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { shellIds } from '../app/testids.ts';

/** Centered spinner while a page's code or the session loads. */
export function PageLoader() {
  return (
    <Box
      data-testid={shellIds.pageLoader}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, flexGrow: 1 }}
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
