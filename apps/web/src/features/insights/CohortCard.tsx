/**
 * The cohort grid (GET graphs/cohorts; issue 28 part 2): a row per month of first order, a column per
 * month after it, each cell the share of that cohort still subscribed then. A table (it is the data,
 * not a picture of it), shaded by the share; asked for when it comes near the screen, like the graphs.
 * A cohort's month leads to its customers, a cell to those of them still subscribed then (cohortHref).
 */
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { useNearViewport } from '../../components/use-near-viewport.ts';
import { failedText } from './failed-text.ts';
import { cohortHref } from './graph-data.ts';
import { useCohorts } from './hooks.ts';
import { insightsIds } from './testids.ts';

export function CohortCard() {
  const theme = useTheme();
  const card = useRef<HTMLElement>(null);
  const near = useNearViewport(card);
  const { data, error, isPending } = useCohorts(near);
  // A darker shade for a larger share; the words stay dark on every shade (at most 35 % of the colour).
  const shade = (share: string | null) =>
    share === null ? undefined : alpha(theme.palette.primary.main, 0.05 + (Number(share) / 100) * 0.3);
  return (
    <Card component="section" ref={card} aria-labelledby="cohorts-title" data-testid={insightsIds.cohorts}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography id="cohorts-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Cohorts
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Customers by the month of their first order, and the share still subscribed each month after
        </Typography>
        {error ? (
          <Alert severity="warning">{failedText(error.message)}</Alert>
        ) : isPending || !data ? (
          <Skeleton variant="rounded" height={240} />
        ) : (
          <ScrollRegion label="Cohorts table">
            <Table size="small" aria-labelledby="cohorts-title" data-testid={insightsIds.cohortsTable}>
              <TableHead>
                <TableRow>
                  <TableCell component="th">First order</TableCell>
                  <TableCell component="th" align="right">
                    Customers
                  </TableCell>
                  {data.offsets.map((n) => (
                    <TableCell key={n} component="th" align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {n === 0 ? 'Month 0' : `+${n}`}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.cohorts.map((c, k) => (
                  <TableRow key={c.month}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      <Link
                        component={RouterLink}
                        to={cohortHref(data, k)!}
                        title={`The customers whose first order was in ${c.month}`}
                        data-testid={insightsIds.cohortLink(c.month)}
                      >
                        {c.month}
                      </Link>
                    </TableCell>
                    <TableCell align="right">{c.customers}</TableCell>
                    {c.shares.map((share, n) => (
                      <TableCell
                        key={data.offsets[n]}
                        align="right"
                        title={
                          c.retained[n] === null ? undefined : `${c.retained[n]} of ${c.customers} customers`
                        }
                        sx={{ bgcolor: shade(share), whiteSpace: 'nowrap' }}
                      >
                        {c.retained[n] === null ? (
                          ''
                        ) : share === null ? (
                          '—'
                        ) : (
                          // The words' own colour: a link colour on the shade would be under 4.5:1.
                          <Link
                            component={RouterLink}
                            to={cohortHref(data, k, n)!}
                            color="inherit"
                            data-testid={insightsIds.cohortCell(c.month, n)}
                          >
                            {`${share} %`}
                          </Link>
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}
