import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ListMeta } from '@rentloop/domain/api';
import { nextPage, PAGE_SIZES, previousPage } from './paging.ts';

const count = new Intl.NumberFormat('en');

export interface PagerProps {
  meta: ListMeta | undefined;
  onPage: (page: number) => void;
  ids: { range: string; page: string; previous: string; next: string };
  dense?: boolean;
  /** With `onPageSize`: a "Rows per page" choice of 10, 25, 50 or 100. */
  pageSize?: number;
  onPageSize?: (size: number) => void;
  pageSizeTestId?: string;
}

/** "from–to of total" with previous and next arrows; paging wraps around. */
export function Pager({ meta, onPage, ids, dense, pageSize, onPageSize, pageSizeTestId }: PagerProps) {
  const page = meta?.current_page ?? 1;
  const last = Math.max(meta?.last_page ?? 1, 1);
  const single = last <= 1;
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: dense ? 0.5 : 1.5,
      }}
    >
      {onPageSize && pageSize !== undefined && (
        <TextField
          select
          size="small"
          variant="standard"
          label="Rows per page"
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          sx={{ minWidth: 96 }}
          slotProps={{ htmlInput: { 'data-testid': pageSizeTestId } }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size} data-value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      )}
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
