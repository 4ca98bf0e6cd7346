import { describe, expect, it } from 'vitest';
import { allowedActions, refusal, type TransitionTable, transitionOf } from './transitions.ts';
import { USER_ACTIONS, USER_STATUSES, USER_TRANSITIONS, userActionTo } from './users.ts';

type S = 'draft' | 'open' | 'closed';
const table: TransitionTable<S, 'open' | 'close', { admin: boolean }> = [
  { from: ['draft'], action: 'open', to: 'open', message: 'Already open.' },
  {
    from: ['draft', 'open'],
    action: 'close',
    to: 'closed',
    guard: ({ admin }) => (admin ? null : 'Only an admin closes.'),
    message: 'Already closed.',
  },
];

describe('transition tables', () => {
  it('refuse an action from a state it does not start from with its message, then by its guard', () => {
    expect(refusal(table, 'open', 'draft', { admin: false })).toBeNull();
    expect(refusal(table, 'open', 'closed', { admin: true })).toBe('Already open.');
    expect(refusal(table, 'close', 'closed', { admin: false })).toBe('Already closed.');
    expect(refusal(table, 'close', 'open', { admin: false })).toBe('Only an admin closes.');
    expect(() => transitionOf(table, 'reopen' as 'open')).toThrow('No transition for action "reopen".');
  });

  it('list the allowed actions in the table’s order', () => {
    expect(allowedActions(table, 'draft', { admin: true })).toEqual([
      { action: 'open', to: 'open' },
      { action: 'close', to: 'closed' },
    ]);
    expect(allowedActions(table, 'draft', { admin: false })).toEqual([{ action: 'open', to: 'open' }]);
    expect(allowedActions(table, 'closed', { admin: true })).toEqual([]);
  });
});

describe('user statuses', () => {
  it('have one transition per action, between known statuses', () => {
    expect(USER_TRANSITIONS.map((t) => t.action).sort()).toEqual([...USER_ACTIONS].sort());
    for (const t of USER_TRANSITIONS) {
      for (const s of [...t.from, t.to]) expect(USER_STATUSES).toContain(s);
      expect(t.from).not.toContain(t.to);
    }
    expect(transitionOf(USER_TRANSITIONS, userActionTo('active')).to).toBe('active');
    expect(transitionOf(USER_TRANSITIONS, userActionTo('disabled')).to).toBe('disabled');
  });

  it('never let anyone disable their own account', () => {
    expect(refusal(USER_TRANSITIONS, 'disable', 'active', { self: true })).toBe(
      'You cannot disable your own account.',
    );
    expect(allowedActions(USER_TRANSITIONS, 'invited', { self: false }).map((a) => a.to)).toEqual([
      'active',
      'disabled',
    ]);
  });
});
