/** What every catalog route file shares: the paths, the parameters, the access rules, the answers. */
import { envelope, idParam } from '@rentloop/domain/api';
import { z } from 'zod';
import { access } from '../../../http/access.ts';

export const base = '/api/:company/rentloopdb';
export const replica = '/read-replica/:company/rentloopdb';
export const company = z.object({ company: idParam });
export const withId = company.extend({ id: idParam });
export const read = { access: access.company('user') };
export const write = (failureMessage?: string) => ({ access: access.company('admin'), failureMessage });
/** A POST that creates something: a repeat with the same Idempotency-Key gets the first answer. */
export const create = (failureMessage?: string) => ({ ...write(failureMessage), idempotent: true });
export const countResult = envelope(z.object({ updated: z.number().int() }));
export const nothing = envelope(z.null());
export const pathOf = (url: string) => url.split('?')[0] ?? '';
export const simpleList = {
  sorts: ['id'] as const,
  defaultSort: 'id' as const,
  defaultDesc: false,
  filters: z.object({}),
};
