/**
 * The audit trail's triggers of a table, switched off while a bench loads its rows (the lists never read
 * history) and on again after. Migration 0077 replaced the row-level `audit` trigger of the tables with an
 * `id` by three statement-level ones (`audit_insert`, `audit_update`, `audit_delete`); the others keep
 * `audit`. Only these are switched: the count triggers and the foreign keys' internal triggers stay on.
 */
import type { SqlExecutor } from '../apps/api/src/db/client.ts';

export const AUDIT_TRIGGERS = ['audit', 'audit_insert', 'audit_update', 'audit_delete'] as const;

/** The audit triggers `table` has, by name. */
export async function auditTriggers(exec: SqlExecutor, table: string): Promise<string[]> {
  const { rows } = await exec.executeSql(
    `SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname = ANY($2::text[]) ORDER BY tgname`,
    [table, [...AUDIT_TRIGGERS]],
  );
  return rows.map((r) => String(r.tgname));
}

/** Switches the audit triggers of `tables` on or off; the tables that had any. */
export async function setAudit(exec: SqlExecutor, tables: string[], on: boolean): Promise<string[]> {
  const audited: string[] = [];
  for (const table of tables) {
    const names = await auditTriggers(exec, table);
    for (const name of names)
      await exec.executeSql(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
    if (names.length > 0) audited.push(table);
  }
  return audited;
}

/** Runs `load` with the audit triggers of `tables` off, on again after (also when it fails). */
export async function withoutAudit(exec: SqlExecutor, tables: string[], load: () => Promise<void>) {
  const audited = await setAudit(exec, tables, false);
  try {
    await load();
  } finally {
    await setAudit(exec, audited, true);
  }
}
