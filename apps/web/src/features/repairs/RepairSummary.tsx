/**
 * The SUMMARY page's costs: each asked COST question (the labour computed from the working time at its
 * rate, the parts typed in), and the total, exact (the domain's `repairCosts` in minor units), in the
 * app's one money formatter. The rate's currency is the company's (the spec's EUR default where the
 * company bills in another currency: 40 of that currency).
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { minorToDecimal } from '@rentloop/domain/money';
import {
  isComputedCost,
  type RepairAnswers,
  repairCosts,
  visibleQuestions,
} from '@rentloop/domain/repair-answers';
import type { RepairPage } from '@rentloop/domain/repair-questions';
import { formatAmount } from '../../components/money.ts';
import { QuestionField } from './QuestionField.tsx';
import { repairsIds } from './testids.ts';

interface Props {
  pages: RepairPage[];
  page: RepairPage;
  answers: RepairAnswers;
  currency: string;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
  disabled: boolean;
}

export function RepairSummary({ pages, page, answers, currency, errors, onChange, disabled }: Props) {
  const costs = repairCosts(pages, answers, currency);
  const money = (minor: bigint) => formatAmount(minorToDecimal(minor, currency), currency);
  const hours = `${costs.hours_hundredths / 100n}.${String(costs.hours_hundredths % 100n).padStart(2, '0')}`;
  return (
    <Box>
      {visibleQuestions(pages, page, answers).map((q) => {
        const line = costs.lines.find((l) => l.name === q.name);
        if (!line || !isComputedCost(q))
          return (
            <QuestionField
              key={q.name}
              question={q}
              value={answers[q.name] ?? ''}
              onChange={(v) => onChange(q.name, v)}
              error={errors[q.name]}
              disabled={disabled}
            />
          );
        return (
          <Box key={q.name}>
            {line.is_total && <Divider sx={{ my: 1 }} />}
            <Box
              data-testid={line.is_total ? repairsIds.total : repairsIds.costLine(q.name)}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 2,
                py: 1.5,
                alignItems: 'baseline',
              }}
            >
              <Box>
                <Typography variant={line.is_total ? 'h6' : 'subtitle1'} sx={{ fontWeight: 600 }}>
                  {q.label ?? q.text}
                </Typography>
                {line.duration_to_cost && (
                  <Typography variant="body2" color="text.secondary">
                    {hours} h × {formatAmount(q.cost_rate, currency)} per hour
                  </Typography>
                )}
              </Box>
              <Typography
                variant={line.is_total ? 'h6' : 'subtitle1'}
                sx={{
                  fontWeight: line.is_total ? 700 : 500,
                  fontVariantNumeric: 'tabular-nums',
                  whiteSpace: 'nowrap',
                }}
              >
                {money(line.amount)}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
