/** The locales the money tests format and parse in: every country name language and the tricky ones. */
import { bcp47, COUNTRY_NAME_LANGUAGES } from './countries.ts';

export const LOCALES = [
  ...COUNTRY_NAME_LANGUAGES.map(bcp47),
  ...[
    'en-CA',
    'fr-CA',
    'en-US',
    'en-GB',
    'en-AU',
    'en-ZA',
    'en-IE',
    'en-IN',
    'de-CH',
    'fr-CH',
    'it-CH',
    'de-AT',
  ],
  ...[
    'nb-NO',
    'da-DK',
    'sv-SE',
    'fi-FI',
    'is-IS',
    'sr-RS',
    'ar-QA',
    'ar-EG',
    'fa-IR',
    'hi-IN',
    'pt-BR',
    'es-MX',
  ],
];
