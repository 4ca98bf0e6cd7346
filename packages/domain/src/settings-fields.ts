/**
 * How a company settings section is declared (`settings.ts` lists them): each field once, with its zod
 * schema, its default, its label and help text (the `/admin/settings` screen shows the help under the
 * field; OpenAPI shows it as the field's description) and the kind of input the screen renders.
 * The field schemas are free of transforms: the same schema checks a PUT and describes the answer.
 */
import { z } from 'zod';
import { safeText } from './api.ts';
import { MESSAGES } from './messages.ts';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'multiselect'
  /** A list of whole numbers typed as "3, 7, 14". */
  | 'numberlist'
  /** A list of ISO country codes, picked with the country picker (several at once). */
  | 'codelist'
  | 'color'
  /** One ISO country code, picked from every country (the country picker). */
  | 'country'
  /** A province, state or region code of the section's `country`, from its list where it has one. */
  | 'region';

export interface FieldMeta {
  label: string;
  help: string;
  kind: FieldKind;
  /** select and multiselect: the values, with their labels when they differ from the value. */
  options?: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  /** A unit shown after the value ("days", "%"). */
  unit?: string;
}

export interface SettingField<T extends z.ZodType = z.ZodType> extends FieldMeta {
  schema: T;
  default: z.output<T>;
}

export const field = <T extends z.ZodType>(
  schema: T,
  def: z.output<T>,
  meta: FieldMeta,
): SettingField<T> => ({
  ...meta,
  schema,
  default: def,
});

type Shape<F extends Record<string, SettingField>> = { [P in keyof F]: F[P]['schema'] };

export interface SectionDeclaration<K extends string, F extends Record<string, SettingField>> {
  key: K;
  /** The human title (tab of the screen): "Invoice", "Checkout – taxes". */
  title: string;
  description: string;
  group: 'checkout' | 'business';
  /** Other names the spec uses for this section (`checkout_Taxes`, `recurring_payment`). */
  aliases?: readonly string[];
  fields: F;
  /** Checks across fields: add issues on the field that is wrong. */
  refine?: (values: z.output<z.ZodObject<Shape<F>>>, ctx: z.RefinementCtx) => void;
  /** Answer-only fields the server computes (the next invoice number, whether an API key is set). */
  readOnly?: z.ZodRawShape;
  /** Write-only input (credentials): never stored as sent, never answered. */
  writeOnly?: z.ZodRawShape;
}

export function defineSection<
  const K extends string,
  F extends Record<string, SettingField>,
  R extends z.ZodRawShape = Record<never, never>,
  W extends z.ZodRawShape = Record<never, never>,
>(d: SectionDeclaration<K, F> & { readOnly?: R; writeOnly?: W }) {
  const entries = Object.entries(d.fields) as [string, SettingField][];
  const shape = Object.fromEntries(entries.map(([k, f]) => [k, f.schema.describe(f.help)])) as Shape<F>;
  const values = z.strictObject(shape);
  const check = (v: z.output<typeof values>, ctx: z.RefinementCtx) => d.refine?.(v, ctx);
  const writeOnly = Object.fromEntries(
    Object.entries(d.writeOnly ?? {}).map(([k, s]) => [k, (s as z.ZodType).optional()]),
  ) as unknown as { [P in keyof W]: z.ZodOptional<W[P]> };
  const readOnlyIgnored = Object.fromEntries(
    Object.keys(d.readOnly ?? {}).map((k) => [
      k,
      z
        .unknown()
        .optional()
        .transform(() => undefined),
    ]),
  ) as Record<string, z.ZodType<undefined>>;
  return {
    key: d.key,
    title: d.title,
    description: d.description,
    group: d.group,
    aliases: d.aliases ?? ([] as readonly string[]),
    fields: d.fields,
    /** The stored values (every field, defaults filled in). */
    values: values.superRefine(check),
    /**
     * What a PUT takes: every field, plus the write-only ones; unknown keys are refused. The read-only
     * ones are taken and ignored, so what GET answered can be sent back as it is.
     */
    input: z.strictObject({ ...shape, ...writeOnly, ...readOnlyIgnored }).superRefine(check as never),
    /** What the API answers. */
    view: z.object({ ...shape, ...((d.readOnly ?? {}) as R) }),
    defaults: Object.fromEntries(entries.map(([k, f]) => [k, f.default])) as z.output<typeof values>,
  };
}

// ---- field schemas used by several sections ----

export const text = (max: number) => safeText().trim().max(max);
export const requiredText = (max: number) => safeText().trim().min(1, MESSAGES.required).max(max);
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(min, `Must be at least ${min}.`)
    .max(max, `Must be at most ${max}.`);
export const flag = () => z.boolean({ error: 'Must be on or off.' });
export const httpsUrl = () =>
  safeText()
    .trim()
    .max(500)
    .url(MESSAGES.validUrl)
    .refine((u) => /^https:\/\//i.test(u), 'Must start with https://.')
    .nullable();
export const emailOrNull = () => safeText().trim().max(254).pipe(z.email('Email must be valid.')).nullable();
/** A host name (`shop.example.com`), lower case, without scheme or path. */
export const hostName = () =>
  safeText()
    .trim()
    .max(253)
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'Must be a domain name such as shop.example.com (lower case, no https://).',
    )
    .nullable();
export const countryCodes = () =>
  z.array(z.string().regex(/^[a-z]{2}$/, 'Must be a two-letter country code such as de.')).max(250);
export const percent = () =>
  z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, MESSAGES.percentInvalid)
    .refine((v) => Number.parseFloat(v) <= 100, MESSAGES.maxHundredPercent);
