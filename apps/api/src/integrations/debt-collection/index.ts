/** The debt collection adapter of a company's agency (only Debtist so far). */
import type { DebtProvider } from '@rentloop/domain/debt-collection';
import { createDebtistAdapter, type DebtAdapterOptions, type DebtistConfig } from './debtist.ts';
import type { DebtCollectionAdapter } from './types.ts';

export type { DebtAdapterOptions } from './debtist.ts';
export * from './types.ts';

export function createDebtAdapter(
  config: DebtistConfig & { provider: DebtProvider },
  options?: DebtAdapterOptions,
): DebtCollectionAdapter {
  switch (config.provider) {
    case 'debtist':
      return createDebtistAdapter(config, options);
  }
}
