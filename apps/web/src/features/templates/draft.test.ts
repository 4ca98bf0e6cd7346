import { describe, expect, it } from 'vitest';
import { draftKey, draftToOffer, readDraft, type TemplateDraft, writeDraft } from './draft.ts';

class MemoryStorage {
  map = new Map<string, string>();
  full = false;
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const saved = { subject: 'S', html_raw: '<p>a</p>', css_raw: '', updated_at: '2026-11-25T01:00:00.000Z' };
const draft: TemplateDraft = {
  subject: saved.subject,
  html_raw: '<p>b</p>',
  css_raw: '',
  base: saved.updated_at,
  saved_at: 'now',
};

describe('template drafts', () => {
  it('are kept under a key prefixed by the template id, per scope and language', () => {
    expect(draftKey('invitation', 'de', 'company').startsWith('invitation')).toBe(true);
    expect(draftKey('invitation', 'de', 'company')).not.toBe(draftKey('invitation', 'en', 'company'));
    expect(draftKey('invitation', 'de', 'company')).not.toBe(draftKey('invitation', 'de', 'default'));
  });

  it('round-trip, and say when the browser refuses to store them', () => {
    const s = new MemoryStorage() as unknown as Storage;
    expect(writeDraft('k', draft, s)).toBe(true);
    expect(readDraft('k', s)).toEqual(draft);
    (s as unknown as MemoryStorage).full = true;
    expect(writeDraft('k', { ...draft, subject: 'X' }, s)).toBe(false);
    (s as unknown as MemoryStorage).map.set('bad', '{not json');
    expect(readDraft('bad', s)).toBeNull();
  });

  it('are offered only over the version they were made from, and only when they differ', () => {
    expect(draftToOffer(draft, saved)).toEqual(draft);
    expect(draftToOffer({ ...draft, html_raw: saved.html_raw }, saved)).toBeNull();
    expect(draftToOffer(draft, { ...saved, updated_at: '2026-11-25T02:00:00.000Z' })).toBeNull();
    expect(draftToOffer(null, saved)).toBeNull();
  });
});
