/**
 * The company's debt collection agency: its adapter from the `debt_collection` settings (a 409 saying
 * where to configure it when there is none: every debt-collection call checks this first, so an
 * unconfigured company never gets a 500), and an agency's failure as the answer staff see (503 when it
 * could not be reached, 502 when it refused or answered nonsense), prefixed with the spec's message of
 * the call that failed.
 */
import { DEBT_TEXTS } from '@rentloop/domain/debt-collection';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  createDebtAdapter,
  type DebtAdapterOptions,
  DebtAgencyError,
  type DebtCollectionAdapter,
} from '../../integrations/debt-collection/index.ts';
import { getDebtCollectionConfig } from '../settings/sections.ts';

/** Adapter options for tests (a transport double); production passes none. */
export type AgencyOptions = DebtAdapterOptions;

export async function agencyOf(ctx: Ctx, options: AgencyOptions = {}): Promise<DebtCollectionAdapter> {
  const config = await getDebtCollectionConfig(ctx);
  if (!config?.base_url) throw new AppError('conflict', DEBT_TEXTS.notConfigured);
  return createDebtAdapter(
    { provider: config.provider, base_url: config.base_url, api_key: config.api_key },
    { allowPrivateAddresses: ctx.deps.allowPrivateShopUrls, ...options },
  );
}

/** The settings of the section (the smallest claim), for the claim's checks. */
export async function debtSettings(ctx: Ctx) {
  const config = await getDebtCollectionConfig(ctx);
  if (!config) throw new AppError('conflict', DEBT_TEXTS.notConfigured);
  return config;
}

/** An agency's failure as an AppError whose message starts with `failed` (the spec's words). */
export function agencyFailure(err: unknown, failed: string): never {
  if (err instanceof DebtAgencyError) {
    const code = err.kind === 'unreachable' ? 'unavailable' : 'bad_gateway';
    throw new AppError(code, `${failed} ${err.message}`);
  }
  throw err;
}

/** The agency's failure as a sentence to keep on the record (`last_error`), or rethrown when it is ours. */
export function agencyProblem(err: unknown): string {
  if (err instanceof DebtAgencyError) return err.message;
  throw err;
}
