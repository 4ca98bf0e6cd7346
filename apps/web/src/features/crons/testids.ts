export const cronsIds = {
  page: 'crons-page',
  table: 'crons-table',
  error: 'crons-error',
  newCron: 'crons-new',
  row: (name: string) => `cron-row-${name}`,
  enabled: (name: string) => `cron-enabled-${name}`,
  nextRuns: (name: string) => `cron-next-${name}`,
  lastRun: (name: string) => `cron-last-${name}`,
  run: (name: string) => `cron-run-${name}`,
  edit: (name: string) => `cron-edit-${name}`,
  delete: (name: string) => `cron-delete-${name}`,
  createDialog: 'cron-create-dialog',
  editDialog: 'cron-edit-dialog',
} as const;

export const cronFormIds = {
  form: 'cron-form',
  problems: 'cron-form-problems',
  cancel: 'cron-cancel',
  save: 'cron-save',
};
