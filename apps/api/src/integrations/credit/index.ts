/** The credit check adapter of a company's provider (only CRIF so far). */
import type { CreditProvider } from '@rentloop/domain/credit-checks';
import { type CreditAdapterOptions, type CrifConfig, createCrifAdapter } from './crif.ts';
import type { CreditCheckAdapter } from './types.ts';

export type { CreditAdapterOptions } from './crif.ts';
export * from './types.ts';

export function createCreditAdapter(
  config: CrifConfig & { provider: CreditProvider },
  options?: CreditAdapterOptions,
): CreditCheckAdapter {
  switch (config.provider) {
    case 'crif':
      return createCrifAdapter(config, options);
  }
}
