import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';

export interface RowCheckboxProps {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: () => void;
  label: string;
  testId: string;
}

/**
 * A list's selection checkbox: the browser's own, in the theme's colour. MUI's Checkbox would add a
 * few kB to every list's first load (scripts/size-budget.mjs) for the same behaviour.
 */
export function RowCheckbox({ checked, indeterminate, disabled, onChange, label, testId }: RowCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = Boolean(indeterminate);
  }, [indeterminate]);
  return (
    <Box
      component="input"
      type="checkbox"
      ref={ref}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      aria-label={label}
      data-testid={testId}
      sx={{ width: 18, height: 18, m: 1.5, accentColor: (t) => t.palette.primary.dark, cursor: 'pointer' }}
    />
  );
}
