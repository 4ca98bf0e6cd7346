import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_COUNTRIES } from './countries.ts';
import { DIAL_CODE_DIFFERENCES } from './dial-codes.ts';

/** docs/reference-data.md must name every source with the version installed. */
const doc = readFileSync(new URL('../../../docs/reference-data.md', import.meta.url), 'utf8');

const installedVersion = (pkg: string): string => {
  for (const base of ['../node_modules/', '../../../node_modules/']) {
    const url = new URL(`${base}${pkg}/package.json`, import.meta.url);
    if (existsSync(url)) return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${pkg} is not installed`);
};

const rowOf = (name: string) => doc.split('\n').find((line) => line.startsWith(`| \`${name}\``)) ?? '';

describe('docs/reference-data.md', () => {
  it.each([['i18n-iso-countries'], ['libphonenumber-js'], ['iso-3166']])(
    'names %s with the installed version',
    (pkg) => {
      expect(rowOf(pkg)).toContain(`| ${installedVersion(pkg)} `);
    },
  );

  it('lists every supported country', () => {
    for (const c of SUPPORTED_COUNTRIES) expect(doc).toContain(`| ${c.alpha2}     | ${c.alpha3}    |`);
  });

  it('lists every deliberate dial-code difference', () => {
    for (const [alpha2, d] of Object.entries(DIAL_CODE_DIFFERENCES)) {
      expect(doc).toMatch(
        new RegExp(`\\| ${alpha2} +\\| \`${d.dial_code.replace('+', '\\+')}\` +\\| \`\\${d.calling_code}\``),
      );
    }
  });

  it('says which source serves zh-tw', () => {
    expect(doc).toMatch(/\| zh-tw +\| `Intl\.DisplayNames/);
  });
});
