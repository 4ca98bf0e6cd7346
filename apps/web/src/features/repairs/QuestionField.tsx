/**
 * One question of a repair's questionnaire as the person repairing answers it: its text and description,
 * then its component (spec 02 §3): RADIO_GROUP (its options), TEXT_AREA, or TEXT_FIELD with its label,
 * prefix, suffix and placeholder. A COST computed by the summary is shown, not typed.
 */
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RepairQuestion } from '@rentloop/domain/repair-questions';
import { useId } from 'react';
import { repairsIds } from './testids.ts';

export interface QuestionFieldProps {
  question: RepairQuestion;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

export function QuestionField({ question: q, value, onChange, error, disabled }: QuestionFieldProps) {
  const labelId = useId();
  const numeric = q.type === 'DURATION' || q.type === 'COST';
  const adornment = (text: string | null, position: 'start' | 'end') =>
    text ? <InputAdornment position={position}>{text}</InputAdornment> : undefined;
  return (
    <Box data-testid={repairsIds.question(q.name)} sx={{ py: 1.5 }}>
      <Typography id={labelId} variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {q.text}
        {q.mandatory && (
          <Typography component="span" color="error" aria-label="required" sx={{ ml: 0.5 }}>
            *
          </Typography>
        )}
      </Typography>
      {q.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {q.description}
        </Typography>
      )}
      {q.component.type === 'RADIO_GROUP' ? (
        <>
          <RadioGroup row aria-labelledby={labelId} value={value} onChange={(_, v) => onChange(v)}>
            {q.options.map((o) => (
              <FormControlLabel
                key={o.value}
                value={o.value}
                disabled={disabled}
                control={
                  <Radio
                    slotProps={{ input: { 'data-testid': repairsIds.option(q.name, o.value) } as object }}
                  />
                }
                label={o.text}
              />
            ))}
          </RadioGroup>
          {error && <FormHelperText error>{error}</FormHelperText>}
        </>
      ) : (
        <TextField
          value={value}
          onChange={(e) => onChange(e.target.value)}
          label={q.label ?? undefined}
          placeholder={q.placeholder ?? undefined}
          multiline={q.component.type === 'TEXT_AREA'}
          minRows={q.component.type === 'TEXT_AREA' ? 3 : undefined}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error}
          fullWidth={q.component.type === 'TEXT_AREA'}
          sx={q.component.type === 'TEXT_AREA' ? undefined : { width: { xs: '100%', sm: 260 } }}
          slotProps={{
            htmlInput: {
              'data-testid': repairsIds.input(q.name),
              'aria-labelledby': q.label ? undefined : labelId,
              inputMode: numeric ? 'decimal' : undefined,
              maxLength: 2000,
            },
            input: { startAdornment: adornment(q.prefix, 'start'), endAdornment: adornment(q.suffix, 'end') },
          }}
        />
      )}
    </Box>
  );
}
