/**
 * A searchable select whose value is a code (a country's `ca`, a province's `ON`) and whose choices
 * show names: the base of CountrySelect and RegionSelect. Typing a name or a code narrows the list
 * (`filterCodeOptions`); the input carries `name`, so tests and server errors find it by field.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { type CodeOption, filterCodeOptions } from './address-form-logic.ts';

export interface CodeSelectProps {
  name: string;
  label: string;
  options: readonly CodeOption[];
  /** The selected code; matched case-insensitively. */
  value: string | null | undefined;
  onChange: (code: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
  /** The error to show (from the schema or the server), above the helper text. */
  error?: string;
  /** A hint under the field; it stays under an error, since it may say how to fix it. */
  helperText?: string;
  placeholder?: string;
  /** The code as shown beside the name in the list (`CA`, `ON`). */
  showCode?: boolean;
  /** `data-testid` of the input, and of each choice by its code. */
  testId?: string;
  optionTestId?: (code: string) => string;
  /** The label stays above the field (a placeholder such as "All countries" shows while empty). */
  shrinkLabel?: boolean;
}

export function CodeSelect({
  name,
  label,
  options,
  value,
  onChange,
  onBlur,
  inputRef,
  required,
  disabled,
  error,
  helperText,
  placeholder,
  showCode = true,
  testId,
  optionTestId,
  shrinkLabel,
}: CodeSelectProps) {
  const wanted = (value ?? '').trim().toLowerCase();
  const selected = options.find((o) => o.code.toLowerCase() === wanted) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.code ?? '')}
      onBlur={onBlur}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.code}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      filterOptions={(list, state) => filterCodeOptions(list, state.inputValue)}
      autoHighlight
      disabled={disabled}
      renderOption={({ key, ...props }, option) => (
        <Box
          component="li"
          key={key}
          {...props}
          data-testid={optionTestId?.(option.code)}
          sx={{ display: 'flex', gap: 2 }}
        >
          <Box component="span" sx={{ flex: 1 }}>
            {option.name}
          </Box>
          {showCode && (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
              {option.code.toUpperCase()}
            </Box>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          placeholder={placeholder}
          error={Boolean(error)}
          slotProps={{
            ...params.slotProps,
            ...(shrinkLabel ? { inputLabel: { ...params.slotProps.inputLabel, shrink: true } } : {}),
            htmlInput: { ...params.slotProps.htmlInput, ...(testId ? { 'data-testid': testId } : {}) },
          }}
          helperText={
            error && helperText ? (
              <>
                {error}
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {helperText}
                </Box>
              </>
            ) : (
              (error ?? helperText)
            )
          }
        />
      )}
    />
  );
}
