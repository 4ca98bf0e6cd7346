/**
 * The editor's local draft (spec 02: kept in localStorage under a key prefixed by the template id):
 * what was typed and not yet saved survives a reload or a closed tab. A draft is offered back only
 * over the version it was made from (`base`): once someone saved a newer one, the draft is stale.
 */
import type { TemplateLanguage } from '@rentloop/domain/enums';
import { templateDraftKey } from '@rentloop/domain/template-kinds';

export interface TemplateDraft {
  subject: string;
  html_raw: string;
  css_raw: string;
  /** The saved version's `updated_at` the draft was made from. */
  base: string;
  saved_at: string;
}

export const draftKey = (id: string, lang: TemplateLanguage | string, scope: 'company' | 'default') =>
  templateDraftKey(id, lang, scope);

export function readDraft(key: string, storage: Storage = localStorage): TemplateDraft | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<TemplateDraft>;
    if (typeof d.subject !== 'string' || typeof d.html_raw !== 'string' || typeof d.base !== 'string')
      return null;
    return {
      subject: d.subject,
      html_raw: d.html_raw,
      css_raw: d.css_raw ?? '',
      base: d.base,
      saved_at: d.saved_at ?? '',
    };
  } catch {
    return null;
  }
}

/** Writes the draft; false when the browser refuses (storage full or disabled). */
export function writeDraft(key: string, draft: TemplateDraft, storage: Storage = localStorage): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(key: string, storage: Storage = localStorage) {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** The draft to offer back: one made from this very version that differs from it. */
export function draftToOffer(
  draft: TemplateDraft | null,
  saved: { subject: string; html_raw: string; css_raw: string; updated_at: string },
): TemplateDraft | null {
  if (!draft || draft.base !== saved.updated_at) return null;
  const same =
    draft.subject === saved.subject && draft.html_raw === saved.html_raw && draft.css_raw === saved.css_raw;
  return same ? null : draft;
}
