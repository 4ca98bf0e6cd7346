import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './billing-periods.ts';
import {
  DUNNING_ACTIONS,
  DUNNING_STATUSES,
  DUNNING_TRANSITIONS,
  type DunningSettings,
  dunningMailOf,
  formatDateAs,
  planAfterFailure,
  retryDate,
} from './dunning.ts';
import { allowedActions } from './transitions.ts';

const settings = (over: Partial<DunningSettings> = {}): DunningSettings => ({
  retry_schedule_days: [3, 7, 14],
  max_retries: 3,
  after_last_retry: 'cancel_subscription',
  dunning_emails: true,
  ...over,
});

/** An increasing schedule of 1..10 days within 1..90, as the settings accept. */
const schedule = fc
  .uniqueArray(fc.integer({ min: 1, max: 90 }), { minLength: 1, maxLength: 10 })
  .map((days) => [...days].sort((a, b) => a - b));
const date = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2025-01-01', n));

describe('retryDate', () => {
  it('is the first failure plus the schedule’s day, when that is after today', () => {
    expect(
      retryDate({ firstFailedOn: '2026-03-10', scheduleDays: [3, 7, 14], retry: 1, today: '2026-03-10' }),
    ).toBe('2026-03-13');
    expect(
      retryDate({ firstFailedOn: '2026-03-10', scheduleDays: [3, 7, 14], retry: 3, today: '2026-03-17' }),
    ).toBe('2026-03-24');
    // Across a month and a year end.
    expect(retryDate({ firstFailedOn: '2026-12-30', scheduleDays: [3], retry: 1, today: '2026-12-30' })).toBe(
      '2027-01-02',
    );
  });

  it('never falls on today or earlier: a late retry moves the next one to tomorrow', () => {
    expect(
      retryDate({ firstFailedOn: '2026-03-10', scheduleDays: [3, 7, 14], retry: 2, today: '2026-03-20' }),
    ).toBe('2026-03-21');
  });

  it('for any schedule: on the schedule within it, increasing beyond it, always after today', () => {
    fc.assert(
      fc.property(schedule, date, fc.integer({ min: 0, max: 120 }), (days, first, late) => {
        const dates = Array.from({ length: days.length + 3 }, (_, i) =>
          retryDate({ firstFailedOn: first, scheduleDays: days, retry: i + 1, today: first }),
        );
        days.forEach((d, i) => {
          expect(dates[i]).toBe(addDays(first, d));
        });
        for (let i = 1; i < dates.length; i++) expect(dates[i]! > dates[i - 1]!).toBe(true);
        const today = addDays(first, late);
        for (let retry = 1; retry <= days.length + 3; retry++) {
          const at = retryDate({ firstFailedOn: first, scheduleDays: days, retry, today });
          expect(daysBetween(today, at)).toBeGreaterThanOrEqual(1);
          expect(at >= dates[retry - 1]!).toBe(true);
        }
      }),
    );
  });
});

describe('dunningMailOf', () => {
  it('sends the first reminder first, the last one before the last retry, the middle one between', () => {
    expect([1, 2, 3].map((s) => dunningMailOf(s, 3))).toEqual([1, 2, 3]);
    expect([1, 2].map((s) => dunningMailOf(s, 2))).toEqual([1, 3]);
    expect([1, 2, 3, 4, 5].map((s) => dunningMailOf(s, 5))).toEqual([1, 2, 2, 2, 3]);
    // A single retry: the first failure's mail says "we will try again", never "again" twice.
    expect(dunningMailOf(1, 1)).toBe(1);
  });
});

describe('planAfterFailure', () => {
  const first = '2026-03-10';

  it('walks a soft decline through the schedule with one mail per step, then the configured end', () => {
    let position = { step: 0, max_steps: 3, last_mail_step: 0 };
    const seen: unknown[] = [];
    let today = first;
    for (;;) {
      const plan = planAfterFailure({
        position,
        declineClass: 'soft',
        settings: settings(),
        firstFailedOn: first,
        today,
      });
      seen.push(plan);
      if (plan.action !== 'retry_failed') break;
      position = {
        ...position,
        step: plan.step,
        last_mail_step: plan.mail ? plan.step : position.last_mail_step,
      };
      today = plan.next_attempt_on;
    }
    expect(seen).toEqual([
      { action: 'retry_failed', step: 1, next_attempt_on: '2026-03-13', mail: 1 },
      { action: 'retry_failed', step: 2, next_attempt_on: '2026-03-17', mail: 2 },
      { action: 'retry_failed', step: 3, next_attempt_on: '2026-03-24', mail: 3 },
      { action: 'end', end_action: 'cancel_subscription' },
    ]);
  });

  it('mails no step twice, and none when reminders are off', () => {
    const again = planAfterFailure({
      position: { step: 1, max_steps: 3, last_mail_step: 2 },
      declineClass: 'soft',
      settings: settings(),
      firstFailedOn: first,
      today: '2026-03-13',
    });
    expect(again).toMatchObject({ action: 'retry_failed', step: 2, mail: null });
    const off = planAfterFailure({
      position: { step: 0, max_steps: 3, last_mail_step: 0 },
      declineClass: 'soft',
      settings: settings({ dunning_emails: false }),
      firstFailedOn: first,
      today: first,
    });
    expect(off).toMatchObject({ action: 'retry_failed', step: 1, mail: null });
  });

  it('ends at once when no retry is allowed, with the end the settings choose', () => {
    for (const end of ['cancel_subscription', 'debt_collection', 'nothing'] as const)
      expect(
        planAfterFailure({
          position: { step: 0, max_steps: 0, last_mail_step: 0 },
          declineClass: 'soft',
          settings: settings({ after_last_retry: end, max_retries: 0 }),
          firstFailedOn: first,
          today: first,
        }),
      ).toEqual({ action: 'end', end_action: end });
  });

  it('never retries a hard decline, at any step; a technical failure only postpones the retry', () => {
    for (const step of [0, 1, 3])
      expect(
        planAfterFailure({
          position: { step, max_steps: 3, last_mail_step: step },
          declineClass: 'hard',
          settings: settings(),
          firstFailedOn: first,
          today: '2026-03-13',
        }),
      ).toEqual({ action: 'decline', end_action: 'payment_method_declined', mail: true });
    expect(
      planAfterFailure({
        position: { step: 2, max_steps: 3, last_mail_step: 2 },
        declineClass: 'technical',
        settings: settings(),
        firstFailedOn: first,
        today: '2026-03-17',
      }),
    ).toEqual({ action: 'postpone', next_attempt_on: '2026-03-18' });
  });

  it('for any schedule and settings: at most max_steps retries, each mail step once, dates increasing', () => {
    fc.assert(
      fc.property(schedule, fc.boolean(), date, (days, emails, start) => {
        const s = settings({ retry_schedule_days: days, max_retries: days.length, dunning_emails: emails });
        let position = { step: 0, max_steps: s.max_retries, last_mail_step: 0 };
        let today = start;
        const mails: number[] = [];
        let retries = 0;
        for (;;) {
          const plan = planAfterFailure({
            position,
            declineClass: 'soft',
            settings: s,
            firstFailedOn: start,
            today,
          });
          if (plan.action !== 'retry_failed') {
            expect(plan).toEqual({ action: 'end', end_action: s.after_last_retry });
            break;
          }
          expect(plan.next_attempt_on > today).toBe(true);
          if (plan.mail) mails.push(plan.step);
          position = {
            ...position,
            step: plan.step,
            last_mail_step: plan.mail ? plan.step : position.last_mail_step,
          };
          today = plan.next_attempt_on;
          retries += 1;
        }
        expect(retries).toBe(days.length);
        expect(mails).toEqual(emails ? days.map((_, i) => i + 1) : []);
      }),
    );
  });
});

describe('DUNNING_TRANSITIONS', () => {
  it('changes only an active dunning; recovered and ended are final', () => {
    expect(new Set(DUNNING_TRANSITIONS.map((t) => t.action))).toEqual(new Set(DUNNING_ACTIONS));
    expect(allowedActions(DUNNING_TRANSITIONS, 'active', undefined).map((a) => a.action)).toEqual([
      ...DUNNING_ACTIONS,
    ]);
    for (const status of DUNNING_STATUSES.filter((s) => s !== 'active'))
      expect(allowedActions(DUNNING_TRANSITIONS, status, undefined)).toEqual([]);
  });
});

describe('formatDateAs', () => {
  it('writes a date as the company’s settings say', () => {
    expect(formatDateAs('2026-03-07', 'DD.MM.YYYY')).toBe('07.03.2026');
    expect(formatDateAs('2026-03-07', 'MM/DD/YYYY')).toBe('03/07/2026');
    expect(formatDateAs('2026-03-07', 'YYYY-MM-DD')).toBe('2026-03-07');
  });
});
