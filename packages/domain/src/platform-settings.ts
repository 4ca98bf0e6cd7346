/**
 * Platform settings (spec 02 `/super/settings`, "Settings Super"; operators only): whether anyone may
 * register, and the settings a new company starts with (per section, in place of the product's defaults).
 */
import { z } from 'zod';
import { SETTINGS_SECTION_KEYS, SETTINGS_SECTIONS, type SettingsSectionKey } from './settings.ts';

/** Sections whose values a new company starts with; secrets (credentials, API keys) are never among them. */
const companyDefaultsShape = Object.fromEntries(
  SETTINGS_SECTION_KEYS.map((k) => [k, SETTINGS_SECTIONS[k].values.optional()]),
) as { [K in SettingsSectionKey]: z.ZodOptional<(typeof SETTINGS_SECTIONS)[K]['values']> };

export const platformSettingsSchema = z.object({
  registration_allowed: z
    .boolean()
    .describe('Whether anyone may create an account and company (`/auth/register`).'),
  company_defaults: z
    .object(companyDefaultsShape)
    .describe(
      'Per section, the values a new company starts with; a section not set starts with the product’s defaults.',
    ),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** A PUT replaces both: `company_defaults` holds every section that should differ from the product's. */
export const platformSettingsInputSchema = z.strictObject({
  registration_allowed: z.boolean(),
  company_defaults: z.strictObject(companyDefaultsShape),
});
export type PlatformSettingsInput = z.input<typeof platformSettingsInputSchema>;
