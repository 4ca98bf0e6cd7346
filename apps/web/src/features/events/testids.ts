export const eventsIds = {
  listPage: 'events-page',
  filter: (name: string) => `events-filter-${name}`,
  objectOption: (object: string) => `events-object-${object}`,
  clearFilters: 'events-clear-filters',
  type: 'event-type',
  object: 'event-object',
  detailPage: 'event-detail-page',
  detailError: 'event-detail-error',
  detailField: (name: string) => `event-field-${name}`,
  payload: 'event-payload',
  back: 'event-back',
} as const;
