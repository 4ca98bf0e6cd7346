/**
 * One graph of the Insights screen: its title, the chart (lazy), a text table saying the same (shown by
 * "Show as table", always there for screen readers), a CSV download of its data, a skeleton while it
 * loads and "Failed to fetch insights." when it does not.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { GRAPH_TITLES, type Graph, type GraphId, type GraphPeriod } from '@rentloop/domain/graphs';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatAmount } from '../../components/money.ts';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { useNearViewport } from '../../components/use-near-viewport.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { failedText } from './failed-text.ts';
import { cell, drillHref, graphCsv } from './graph-data.ts';
import { useGraph } from './hooks.ts';
import { insightsIds } from './testids.ts';

const GraphChart = lazy(() => import('./GraphChart.tsx'));

const chartSkeleton = <Skeleton variant="rounded" height={240} />;

function download(g: Graph) {
  const url = URL.createObjectURL(new Blob([graphCsv(g)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${g.id}-${g.period}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function GraphTable({ graph, visible }: { graph: Graph; visible: boolean }) {
  const shown = (s: Graph['series'][number], i: number) => {
    const v = cell(s, i);
    if (v === '') return '—';
    if (s.unit === 'amount') return formatAmount(v, graph.currency);
    if (s.unit === 'percent') return `${v} %`;
    return v;
  };
  const table = (
    <Table
      size="small"
      aria-label={`${graph.title}, as a table`}
      data-testid={insightsIds.graphTable(graph.id)}
    >
      <TableHead>
        <TableRow>
          <TableCell component="th">Period</TableCell>
          {graph.series.map((s) => (
            <TableCell key={s.key} component="th" align="right">
              {s.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {graph.labels.map((label, i) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {/* Links only where seen: a hidden table's links would take the focus out of sight. */}
              {visible && drillHref(graph, i) ? (
                <Link component={RouterLink} to={drillHref(graph, i)!} title={`The records behind ${label}`}>
                  {label}
                </Link>
              ) : (
                label
              )}
            </TableCell>
            {graph.series.map((s) => {
              // A series that leads elsewhere than its period (active subscriptions) links its own figure.
              const own = drillHref(graph, i, s.key);
              return (
                <TableCell key={s.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {visible && own && own !== drillHref(graph, i) ? (
                    <Link component={RouterLink} to={own} title={`The ${s.label.toLowerCase()} of ${label}`}>
                      {shown(s, i)}
                    </Link>
                  ) : (
                    shown(s, i)
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return visible ? (
    <ScrollRegion label={`${graph.title}, as a table`}>{table}</ScrollRegion>
  ) : (
    <Box sx={visuallyHidden}>{table}</Box>
  );
}

export function GraphCard({ id, period }: { id: GraphId; period: GraphPeriod }) {
  // Asked for when the card comes near the screen: Insights is the landing page, and the graphs below
  // the fold would otherwise be computed for every sign-in.
  const card = useRef<HTMLElement>(null);
  const near = useNearViewport(card);
  const { data, error, isPending } = useGraph(id, period, near);
  const [asTable, setAsTable] = useState(false);
  const titleId = `graph-title-${id}`;
  return (
    <Card ref={card} component="section" aria-labelledby={titleId} data-testid={insightsIds.graph(id)}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {GRAPH_TITLES[id]}
          </Typography>
          <Button size="small" disabled={!data} onClick={() => setAsTable((v) => !v)} aria-pressed={asTable}>
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
          <Button size="small" disabled={!data} onClick={() => data && download(data)}>
            Download CSV
          </Button>
        </Box>
        {error ? (
          <Alert severity="warning" data-testid={insightsIds.graphError(id)}>
            {failedText(error.message)}
          </Alert>
        ) : isPending || !data ? (
          chartSkeleton
        ) : (
          <>
            {!asTable && (
              <Box aria-hidden sx={{ height: 240 }}>
                <Suspense fallback={chartSkeleton}>
                  <GraphChart graph={data} />
                </Suspense>
              </Box>
            )}
            <GraphTable graph={data} visible={asTable} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
