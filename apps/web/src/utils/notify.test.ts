import { describe, expect, it, vi } from 'vitest';
import { attachToaster, notify, onceWhileOpen, setToastPreferences, toasterWanted } from './notify.ts';

describe('notify before and after notistack has loaded', () => {
  it('keeps toasts until the toaster is there, then shows them in order, and follows preferences', () => {
    const woken = vi.fn();
    const unsubscribe = toasterWanted.subscribe(woken);
    expect(toasterWanted.get()).toBe(false);
    notify.success('Saved.');
    notify.error('Failed.');
    setToastPreferences({ showErrors: false });
    notify.error('Hidden.');
    expect(toasterWanted.get()).toBe(true);
    expect(woken).toHaveBeenCalledTimes(1);
    const show = vi.fn();
    attachToaster(show);
    expect(show.mock.calls).toEqual([
      ['Saved.', 'success'],
      ['Failed.', 'error'],
    ]);
    notify.info('Now.');
    expect(show).toHaveBeenLastCalledWith('Now.', 'info');
    attachToaster(null);
    unsubscribe();
    setToastPreferences(null);
  });
});

describe('the same toast twice', () => {
  it('is shown once while the first is open, and again once that one has started to close', () => {
    const shown: string[] = [];
    const closers: (() => void)[] = [];
    const show = onceWhileOpen((message, variant, closed) => {
      shown.push(`${variant}:${message}`);
      closers.push(closed);
    });
    show('Webhook fired.', 'success');
    show('Webhook fired.', 'success');
    show('Webhook fired.', 'error');
    expect(shown).toEqual(['success:Webhook fired.', 'error:Webhook fired.']);
    closers[0]!();
    show('Webhook fired.', 'success');
    expect(shown).toEqual(['success:Webhook fired.', 'error:Webhook fired.', 'success:Webhook fired.']);
  });
});
