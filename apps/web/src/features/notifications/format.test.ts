import { cut } from '@rentloop/domain/notifications';
import { describe, expect, it } from 'vitest';
import { rangeText, relativeTime, wrapPage } from './format.ts';
import { parseEvents } from './push.ts';

describe('the menu texts', () => {
  it('cuts the title at 20 and the description at 50 characters, whole characters only', () => {
    expect(cut('Scheduled maintenance tonight', 20)).toBe('Scheduled maintenanc…');
    expect(cut('Exactly twenty chars', 20)).toBe('Exactly twenty chars');
    expect(cut('The back office will be unavailable for about ten minutes', 50)).toBe(
      'The back office will be unavailable for about ten…',
    );
    expect(cut('😀'.repeat(25), 20)).toBe(`${'😀'.repeat(20)}…`);
  });

  it('says how long ago, and pages wrap from the last to the first', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(relativeTime('2026-11-25T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-11-25T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-25T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('3 days ago');
    expect(rangeText(11, 12, 12)).toBe('11-12 of 12');
    expect(wrapPage(2, 1, 2)).toBe(1);
    expect(wrapPage(1, -1, 2)).toBe(2);
    expect(wrapPage(1, 1, 2)).toBe(2);
  });
});

describe('the push stream', () => {
  it('splits events, keeps an unfinished one for the next chunk, skips comments', () => {
    const seen: [string, string][] = [];
    const emit = (event: string, data: string) => seen.push([event, data]);
    let rest = parseEvents(
      'retry: 3000\nevent: ready\ndata: {"company_id":1}\n\n: heartbeat\n\nevent: notif',
      emit,
    );
    expect(seen).toEqual([['ready', '{"company_id":1}']]);
    rest = parseEvents(`${rest}ication\r\ndata: {"id":2}\r\n\r\n`, emit);
    expect(seen[1]).toEqual(['notification', '{"id":2}']);
    expect(rest).toBe('');
  });
});
