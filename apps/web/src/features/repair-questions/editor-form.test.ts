import { defaultRepairQuestionnaire } from '@rentloop/domain/repair-questions-default';
import { describe, expect, it } from 'vitest';
import { nameList, versionText } from './editor-form.ts';

const base = {
  id: null,
  version: null,
  is_default: true,
  currency: 'CAD',
  created_at: null,
  created_by: null,
  pages: defaultRepairQuestionnaire(),
};

describe('the editor’s texts', () => {
  it('says which version is shown, or that it is the default', () => {
    expect(versionText(base)).toBe('The default questionnaire: your company has not saved its own yet.');
    expect(
      versionText({
        ...base,
        id: 7,
        version: 3,
        is_default: false,
        created_at: '2026-11-29T10:00:00.000Z',
        created_by: { id: 1, name: 'Ada Admin', email: 'ada@example.test' },
      }),
    ).toMatch(/^Version 3, saved 29th Nov 2026, \d\d:\d\d by Ada Admin\.$/);
  });

  it('lists names as a sentence does', () => {
    expect(nameList([])).toBe('');
    expect(nameList(['a'])).toBe('“a”');
    expect(nameList(['a', 'b'])).toBe('“a” and “b”');
    expect(nameList(['a', 'b', 'c'])).toBe('“a”, “b” and “c”');
  });
});
