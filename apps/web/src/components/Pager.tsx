import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ListMeta } from '@rentloop/domain/api';
import { nextPage, previousPage } from './paging.ts';

const count = new Intl.NumberFormat('en');

export interface PagerProps {
  meta: ListMeta | undefined;
  onPage: (page: number) => void;
  ids: { range: string; page: string; previous: string; next: string };
  dense?: boolean;
}

/** "from–to of total" with previous and next arrows; paging wraps around. */
export function Pager({ meta, onPage, ids, dense }: PagerProps) {
  const page = meta?.current_page ?? 1;
  const last = Math.max(meta?.last_page ?? 1, 1);
  const single = last <= 1;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: dense ? 0.5 : 1.5 }}>
      <Typography variant="body2" color="text.secondary" data-testid={ids.range}>
        {meta && meta.total > 0
          ? `${count.format(meta.from ?? 0)}–${count.format(meta.to ?? 0)} of ${count.format(meta.total)}`
          : '0 of 0'}
      </Typography>
      {!dense && (
        <Typography variant="body2" color="text.secondary" data-testid={ids.page}>
          Page {count.format(page)} of {count.format(last)}
        </Typography>
      )}
      <Box sx={{ display: 'flex' }}>
        <IconButton
          size="small"
          aria-label="Previous page"
          disabled={single}
          onClick={() => onPage(previousPage(page, last))}
          data-testid={ids.previous}
        >
          <ChevronLeft />
        </IconButton>
        <IconButton
          size="small"
          aria-label="Next page"
          disabled={single}
          onClick={() => onPage(nextPage(page, last))}
          data-testid={ids.next}
        >
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}
