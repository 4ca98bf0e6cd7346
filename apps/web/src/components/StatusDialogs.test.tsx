/**
 * The loading and error dialogs (spec 01 §2): the error dialog says "No data available" unless given
 * another message, and both close with a Close button. Rendered in place (`disablePortal`) to markup.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorDialog, LoadingDialog } from './StatusDialogs.tsx';
import { statusDialogIds } from './testids.ts';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const close = () => {};

describe('ErrorDialog', () => {
  it('says "No data available" by default, with a Close button', () => {
    const html = renderToStaticMarkup(<ErrorDialog onClose={close} disablePortal />);
    expect(html).toContain(`data-testid="${statusDialogIds.error}"`);
    expect(html).toMatch(
      new RegExp(`data-testid="${statusDialogIds.errorMessage}"[^>]*>${MESSAGES.noDataAvailable}<`),
    );
    expect(html).toMatch(
      new RegExp(`<button[^>]*data-testid="${statusDialogIds.close}"[^>]*>Close</button>`),
    );
    expect(text(html)).toContain(MESSAGES.anErrorOccurred);
  });

  it('says the message it is given instead', () => {
    const html = renderToStaticMarkup(<ErrorDialog onClose={close} message="Gone." disablePortal />);
    expect(text(html)).toContain('Gone.');
    expect(text(html)).not.toContain(MESSAGES.noDataAvailable);
  });

  it('shows nothing when closed', () => {
    const html = renderToStaticMarkup(<ErrorDialog open={false} onClose={close} disablePortal />);
    expect(html).not.toContain(statusDialogIds.error);
    expect(text(html)).not.toContain(MESSAGES.noDataAvailable);
  });
});

describe('LoadingDialog', () => {
  it('shows a busy dialog with a progress and a Close button', () => {
    const html = renderToStaticMarkup(<LoadingDialog title="Notifications" onClose={close} disablePortal />);
    expect(html).toContain(`data-testid="${statusDialogIds.loading}"`);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('role="progressbar"');
    expect(text(html)).toContain('Notifications');
    expect(html).toMatch(
      new RegExp(`<button[^>]*data-testid="${statusDialogIds.close}"[^>]*>Close</button>`),
    );
  });
});
