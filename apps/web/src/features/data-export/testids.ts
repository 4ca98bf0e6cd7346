export const dataExportIds = {
  page: 'data-export-page',
  kind: 'data-export-kind',
  format: (format: string) => `data-export-format-${format}`,
  search: 'data-export-search',
  filters: 'data-export-filters',
  column: (column: string) => `data-export-column-${column}`,
  allColumns: 'data-export-all-columns',
  submit: 'data-export-submit',
  recent: 'data-export-recent',
  row: (id: number) => `data-export-row-${id}`,
  download: (id: number) => `data-export-download-${id}`,
  tokenStatus: 'data-export-token-status',
} as const;
