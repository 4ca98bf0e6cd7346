/**
 * The template preview's record: which order, quote, invoice, subscription or customer fills the
 * placeholders. Empty, the server takes the latest one that has what the template needs and says which
 * (`record` of the answer, shown here as the choice).
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { PreviewRecordType } from '@rentloop/domain/template-kinds';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, paths, unwrapPage } from '../../api/client.ts';
import { useCompanyId } from '../../app/current-company.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../components/paging.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { type PickerRow, RECORD_LISTS, RECORD_NOUNS, recordLabel } from './preview-record.ts';
import { templatesIds } from './testids.ts';

export interface PickedRecord {
  id: number;
  label: string;
}

function useRecordSearch(type: PreviewRecordType, search: string) {
  const company = useCompanyId();
  return useQuery({
    queryKey: ['templates', 'preview-records', company, type, search],
    queryFn: async ({ signal }) =>
      unwrapPage(
        await api.get<PickerRow[]>(paths.replica(company, RECORD_LISTS[type]), {
          query: { search: search.trim() || undefined, per_page: 20, page: 1 },
          signal,
        }),
      ).data.map((row) => ({ id: row.id, label: recordLabel(type, row) })),
    placeholderData: keepPreviousData,
  });
}

export function RecordPicker(props: {
  type: PreviewRecordType;
  /** The record the preview was filled from (picked, or the server's default). */
  value: PickedRecord | null;
  onChange: (record: PickedRecord | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const records = useRecordSearch(props.type, search);
  const noun = RECORD_NOUNS[props.type];
  return (
    <Autocomplete
      options={records.data ?? []}
      value={props.value}
      onChange={(_event, next) => props.onChange(next)}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setTyped(next);
        else if (reason === 'clear') setTyped('');
      }}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      loading={records.isFetching}
      noOptionsText={search ? `No ${noun.toLowerCase()} matches.` : `No ${noun.toLowerCase()} yet.`}
      sx={{ maxWidth: 480 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={`${noun} shown`}
          placeholder={`Search a ${noun.toLowerCase()}`}
          helperText="The preview is filled from this record"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': templatesIds.previewRecord },
          }}
        />
      )}
    />
  );
}
