import { describe, expect, it, vi } from 'vitest';
import { attachToaster, notify, setToastPreferences, toasterWanted } from './notify.ts';

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
