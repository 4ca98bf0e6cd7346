/**
 * A count split by one property (customers by country, products by type) as labelled bars, longest
 * first: plain MUI boxes, no chart library. Beyond `max` rows the rest is summed as "Others".
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { insightsIds } from './testids.ts';

export interface Slice {
  key: string;
  label: string;
  count: number;
}

const numberFormat = new Intl.NumberFormat('en');
const percentFormat = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

export function Breakdown({
  title,
  name,
  slices,
  empty,
  max = 8,
}: {
  title: string;
  name: string;
  slices: Slice[] | undefined;
  empty: string;
  max?: number;
}) {
  const total = slices?.reduce((sum, s) => sum + s.count, 0) ?? 0;
  const shown =
    slices && slices.length > max
      ? [
          ...slices.slice(0, max - 1),
          {
            key: 'others',
            label: `${slices.length - max + 1} others`,
            count: slices.slice(max - 1).reduce((sum, s) => sum + s.count, 0),
          },
        ]
      : slices;
  const most = Math.max(1, ...(shown ?? []).map((s) => s.count));
  return (
    <Card data-testid={insightsIds.breakdown(name)}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 1.25 }}>
        {!shown && ['a', 'b', 'c'].map((key) => <Skeleton key={key} variant="rounded" height={28} />)}
        {shown?.length === 0 && <Typography color="text.secondary">{empty}</Typography>}
        {shown?.map((slice) => (
          <Box key={slice.key} data-testid={insightsIds.bar} data-key={slice.key} data-count={slice.count}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.25 }}>
              <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {slice.label}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {numberFormat.format(slice.count)} · {percentFormat.format(slice.count / total)}
              </Typography>
            </Box>
            <Box
              role="presentation"
              sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}
            >
              <Box
                sx={{
                  height: '100%',
                  width: `${(slice.count / most) * 100}%`,
                  bgcolor: 'primary.main',
                  borderRadius: 4,
                }}
              />
            </Box>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
