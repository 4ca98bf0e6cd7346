/**
 * The spec's graphs on the Insights screen (spec 02 §7 "Graphs"): the headline figures and the eleven
 * graphs with a period switch (monthly, quarterly, annually), all computed by the server from the
 * company's records (docs/insights.md).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { GRAPH_IDS, GRAPH_PERIODS, type GraphPeriod, type StatCards } from '@rentloop/domain/graphs';
import { useState } from 'react';
import { formatAmount } from '../../components/money.ts';
import { humanize } from '../../utils/humanize.ts';
import { CohortCard } from './CohortCard.tsx';
import { failedText } from './failed-text.ts';
import { GraphCard } from './GraphCard.tsx';
import { useStatCards } from './hooks.ts';
import { insightsIds } from './testids.ts';

const numberFormat = new Intl.NumberFormat('en');

type CardKey = Exclude<keyof StatCards, 'currency' | 'as_of'>;
const CARDS: { key: CardKey; label: string; kind: 'amount' | 'count' | 'percent' }[] = [
  { key: 'mrr', label: 'MRR', kind: 'amount' },
  { key: 'active_subscriptions', label: 'Active subscriptions', kind: 'count' },
  { key: 'active_customers', label: 'Active customers', kind: 'count' },
  { key: 'revenue_this_month', label: 'Revenue this month', kind: 'amount' },
  { key: 'unpaid_amount', label: 'Unpaid', kind: 'amount' },
  { key: 'churn_rate', label: 'Churn rate this month', kind: 'percent' },
];

function shown(v: string | number | null, kind: string, currency: string) {
  if (v === null) return '—';
  if (kind === 'amount') return formatAmount(String(v), currency);
  if (kind === 'percent') return `${v} %`;
  return numberFormat.format(Number(v));
}

function Figures({ cards }: { cards: StatCards | undefined }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
      }}
    >
      {CARDS.map((c) => {
        const card = cards?.[c.key];
        const change = card?.change_percent;
        return (
          <Card key={c.key} data-testid={insightsIds.statCard(c.key)}>
            <CardContent sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {c.label}
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {card && cards ? shown(card.value, c.kind, cards.currency) : <Skeleton width={90} />}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {card && cards ? (
                  `${change === null || change === undefined ? 'No change to compare' : `${change.startsWith('-') ? '' : '+'}${change} %`} vs. ${shown(card.previous, c.kind, cards.currency)} last month`
                ) : (
                  <Skeleton width={140} />
                )}
              </Typography>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

export function GraphsSection() {
  const [period, setPeriod] = useState<GraphPeriod>('monthly');
  const cards = useStatCards();
  return (
    <Box component="section" aria-label="Graphs" sx={{ mb: 3 }}>
      {cards.error && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid={insightsIds.statCardsError}>
          {failedText(cards.error.message)}
        </Alert>
      )}
      <Figures cards={cards.data} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Graphs
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_, v: GraphPeriod | null) => v && setPeriod(v)}
          aria-label="Period"
          data-testid={insightsIds.period}
          // MUI's unselected grey on the page's tinted background is 4.49:1 (axe wants 4.5): the buttons sit
          // on the paper colour and the words take the theme's secondary text colour.
          sx={{
            bgcolor: 'background.paper',
            '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' },
          }}
        >
          {GRAPH_PERIODS.map((p) => (
            <ToggleButton key={p} value={p}>
              {humanize(p)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))',
        }}
      >
        {GRAPH_IDS.map((id) => (
          <GraphCard key={id} id={id} period={period} />
        ))}
      </Box>
      <Box sx={{ mt: 2 }}>
        <CohortCard />
      </Box>
    </Box>
  );
}
