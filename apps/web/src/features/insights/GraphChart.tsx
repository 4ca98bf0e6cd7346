/**
 * The chart of one graph, drawn with recharts: loaded lazily (GraphCard imports it with `lazy`), so the
 * charting code is never part of the app's first load. Bars for amounts and counts, lines for rates and
 * days; a graph mixing amounts and counts puts the counts on a second axis. MRR movements stack above
 * (new, expansion, reactivation) and below zero (contraction, churned), with net new MRR and the MRR
 * itself as lines. The chart is hidden from
 * screen readers: GraphCard's table says the same in text.
 */
import { useTheme } from '@mui/material/styles';
import type { Graph } from '@rentloop/domain/graphs';
import { useNavigate } from 'react-router';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartRows, drillHref } from './graph-data.ts';

/** The MRR movements drawn as stacked bars (the other series of that graph are lines). */
const MOVEMENTS = new Set(['new', 'expansion', 'reactivation', 'contraction', 'churned']);

export default function GraphChart({ graph }: { graph: Graph }) {
  const theme = useTheme();
  const navigate = useNavigate();
  // A bar leads to the records behind its bucket (the table's period links say the same for keyboards).
  const drill = (index: number, series: string) => {
    const href = drillHref(graph, index, series);
    if (href) navigate(href);
  };
  const drillable = drillHref(graph, 0) !== null;
  // Dark enough on white for 3:1 (WCAG 1.4.11 for graphics), told apart by the legend too.
  const colours = [
    theme.palette.primary.dark,
    theme.palette.secondary.main,
    theme.palette.warning.dark,
    theme.palette.error.dark,
    theme.palette.success.dark,
    theme.palette.info.dark,
    theme.palette.grey[800],
  ];
  // The legend's words in the text colour (the series' own colours are for the marks).
  const legendText = (value: string) => <span style={{ color: theme.palette.text.primary }}>{value}</span>;
  const rows = chartRows(graph);
  const hasAmount = graph.series.some((s) => s.unit === 'amount');
  const second = (unit: string) => hasAmount && unit !== 'amount';
  const stackOf = (key: string) => {
    if (graph.id === 'failed-payment-attempts') return 'reasons';
    if (graph.id === 'mrr-movements' && MOVEMENTS.has(key)) return 'movements';
    return undefined;
  };
  const asLine = (s: Graph['series'][number]) =>
    !(s.unit === 'amount' || s.unit === 'count') || (graph.id === 'mrr-movements' && !MOVEMENTS.has(s.key));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <ComposedChart
        data={rows}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        stackOffset="sign"
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis yAxisId="main" tick={{ fontSize: 11 }} width={56} />
        {hasAmount && graph.series.some((s) => s.unit !== 'amount') && (
          <YAxis
            yAxisId="second"
            orientation="right"
            tick={{ fontSize: 11 }}
            width={36}
            allowDecimals={false}
          />
        )}
        {/* The tooltip's words in the text colour too: a series' colour as text on white is under 4.5:1. */}
        <Tooltip itemStyle={{ color: theme.palette.text.primary }} />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
        {graph.series.map((s, i) => {
          const axis = second(s.unit) ? 'second' : 'main';
          const colour = colours[i % colours.length];
          return !asLine(s) ? (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              yAxisId={axis}
              fill={colour}
              stackId={stackOf(s.key)}
              isAnimationActive={false}
              onClick={drillable ? (_, index) => drill(index, s.key) : undefined}
              cursor={drillable ? 'pointer' : undefined}
            />
          ) : (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              yAxisId={axis}
              stroke={colour}
              strokeWidth={2}
              connectNulls={false}
              isAnimationActive={false}
            />
          );
        })}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
