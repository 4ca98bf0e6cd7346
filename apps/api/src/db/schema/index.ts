// The whole schema, for drizzle-kit and for the typed query builder.
export * from './accounts.ts';
export * from './catalog.ts';
export * from './companies.ts';
export * from './counts.ts';
export * from './crons.ts';
export * from './customers.ts';
export * from './events.ts';
export * from './history-logs.ts';
export * from './idempotency.ts';
export * from './invitations.ts';
export * from './notes.ts';
export * from './notifications.ts';
export * from './settings.ts';
export * from './shipping.ts';
export * from './templates.ts';
export * from './users.ts';
export * from './vouchers.ts';
