/**
 * The credit check provider's address, checked when it is saved as the shop's is (shop.ts
 * `shopUrlProblem`): a web address whose host resolves to public internet addresses only (or, with
 * ALLOW_PRIVATE_SHOP_URLS, the merchant's own network), over https (plain http only on that network).
 * The provider gets the company's credentials and its customers' names and addresses, so an address
 * pointing at the server's own network (cloud metadata, an admin port) or sent in clear is refused
 * at once, with a 422 on the field, not found out at the first check. The adapter's guarded fetch
 * still checks the address actually dialled (integrations/credit/crif.ts): this is the early answer.
 */

import { SHOP_URL_HTTPS, SHOP_URL_HTTPS_PUBLIC } from '@rentloop/domain/companies';
import { CREDIT_TEXTS } from '@rentloop/domain/credit-checks';
import { MESSAGES } from '@rentloop/domain/messages';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { shopUrlProblem } from './shop.ts';

/** A 422 on `${prefix}base_url` when the provider address may not be used; nothing when it is unset. */
export async function checkCreditCheckUrl(
  ctx: Ctx,
  values: { base_url?: string | null },
  prefix: string,
): Promise<void> {
  if (!values.base_url) return;
  const problem = await shopUrlProblem(values.base_url, ctx.deps.allowPrivateShopUrls);
  if (!problem) return;
  const message =
    problem === SHOP_URL_HTTPS || problem === SHOP_URL_HTTPS_PUBLIC ? CREDIT_TEXTS.urlHttps : problem;
  throw new AppError('validation', MESSAGES.validationFailed, { [`${prefix}base_url`]: [message] });
}
