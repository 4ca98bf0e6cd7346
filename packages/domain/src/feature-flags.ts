/**
 * Feature flags per company (`GET /api/{company}/system/unleash-settings`; spec 02 §9: "feature flags
 * are initialised per company"). Apart from `settings.ts` so the web app's shell can read them without
 * the settings sections' schemas.
 */
import { z } from 'zod';

/** The flags the product knows, with their default when a company has no row for them. */
export const FEATURE_FLAGS = {
  /** The drawer's "New" tags on new screens. */
  new_tags: { default: true, description: 'Show the “New” tag on new screens in the menu.' },
  /** The Debt Collection screen (spec 02 `/cms/debt-collection`, marked new). */
  debt_collection: { default: false, description: 'Show the Debt Collection screen in the menu.' },
} as const;
export type FeatureFlagName = keyof typeof FEATURE_FLAGS;
export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAGS) as FeatureFlagName[];

export const featureFlagSchema = z.object({
  name: z.enum(FEATURE_FLAG_NAMES as [FeatureFlagName, ...FeatureFlagName[]]),
  enabled: z.boolean(),
  description: z.string(),
  /** False while the company has no row: the flag has its default. */
  overridden: z.boolean(),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;
export const featureFlagInputSchema = z.strictObject({ enabled: z.boolean() });

/** The web app reads the flags again this often (spec 01: feature flags per company). */
export const FEATURE_FLAGS_REFRESH_MS = 300_000;
