/**
 * Which fields of a request body name records: every `id`, `*_id` and `*_ids` key, at any depth of
 * the body's zod schema. The access matrix (http/access.test.ts) derives from these which bodies to
 * try with another company's records, so a route cannot forget to opt in.
 *
 * Paths are dotted, with `[]` for an array's elements: `collection_ids`, `variants[].variant_id`.
 */
import type { z } from 'zod';

const NAMES_RECORD = /^(id|ids|.+_id|.+_ids)$/;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

export function idFieldPaths(schema: z.ZodType | undefined, prefix = ''): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
      return Object.entries(shape).flatMap(([key, value]) => {
        const path = prefix ? `${prefix}.${key}` : key;
        return NAMES_RECORD.test(key) ? [path] : idFieldPaths(value, path);
      });
    }
    case 'array':
      return idFieldPaths(def.element, `${prefix}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return idFieldPaths(def.innerType, prefix);
    case 'pipe':
      return idFieldPaths(def.in, prefix);
    case 'union':
      return [...new Set((def.options ?? []).flatMap((o) => idFieldPaths(o, prefix)))];
    case 'intersection':
      return [...new Set([...idFieldPaths(def.left, prefix), ...idFieldPaths(def.right, prefix)])];
    default:
      return [];
  }
}

/** The values at a path of `idFieldPaths` in a body (every element for `[]`), flattened. */
export function valuesAt(body: unknown, path: string): unknown[] {
  let current: unknown[] = [body];
  for (const part of path.split('.')) {
    const array = part.endsWith('[]');
    const key = array ? part.slice(0, -2) : part;
    current = current.flatMap((v) => {
      const next = v && typeof v === 'object' && key ? (v as Record<string, unknown>)[key] : v;
      if (next === undefined || next === null) return [];
      if (array) return Array.isArray(next) ? next : [];
      return [next];
    });
  }
  return current.flat();
}
