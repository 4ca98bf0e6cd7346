/** The tax forms: the default rate and a tax rule, read with the domain's tax schemas. */
import {
  PRODUCT_CLASSES,
  type TaxRule,
  taxRegionProblem,
  taxRuleInputSchema,
} from '@rentloop/domain/catalog';
import { regionByCode } from '@rentloop/domain/regions';
import { z } from 'zod';
import { percentField, via } from '../../components/amounts.ts';
import { percentText } from '../../components/percent-text.ts';

/** "Ontario (ON)", or the code itself for a region the tables do not know. */
export const regionLabel = (country: string, region: string | null) => {
  if (!region) return null;
  const known = regionByCode(country, region);
  return known ? `${known.name} (${known.region})` : region;
};

export interface TaxRuleValues {
  name: string;
  country: string;
  region: string;
  product_class: (typeof PRODUCT_CLASSES)[number];
  percentage: string;
}

/** The domain's rules field by field; the region checked against the country as the server does. */
export const taxRuleFormSchema = z
  .object({
    name: z
      .string()
      .transform((v) => (v.trim() === '' ? null : v))
      .transform(via(taxRuleInputSchema.shape.name.unwrap())),
    country: taxRuleInputSchema.shape.country,
    region: z
      .string()
      .transform((v) => (v.trim() === '' ? null : v))
      .transform(via(taxRuleInputSchema.shape.region.unwrap())),
    product_class: z.enum(PRODUCT_CLASSES),
    percentage: percentField,
  })
  .superRefine((v, ctx) => {
    const problem = taxRegionProblem(v.country, v.region);
    if (problem) ctx.addIssue({ code: 'custom', path: ['region'], message: problem });
  });
export type TaxRuleOutput = z.output<typeof taxRuleFormSchema>;

export const toRuleValues = (rule?: TaxRule): TaxRuleValues => ({
  name: rule?.name ?? '',
  country: rule?.country ?? '',
  region: rule?.region ?? '',
  product_class: rule?.product_class ?? 'standard',
  percentage: rule ? percentText(rule.percentage) : '',
});
