/**
 * The error page's words (spec 01 §2 and §8): the status line "404 Not Found" or "500 Internal Server
 * Error" above the title "Page Not Found" or "Internal Server Error"; a crash without a status says
 * "An error occurred" alone. And the unknown route's tab title is the status line.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorPage, statusLine } from './ErrorPage.tsx';
import { shellIds } from './testids.ts';

const page = (status?: number, message?: string) =>
  renderToStaticMarkup(
    <StaticRouter location="/no/such/page">
      <ErrorPage status={status} message={message} />
    </StaticRouter>,
  );
const byTestId = (html: string, id: string) =>
  new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe('the error page', () => {
  it('shows "404 Not Found" above "Page Not Found"', () => {
    const html = page(404, MESSAGES.routeNotFound);
    expect(byTestId(html, shellIds.errorStatus)).toBe(MESSAGES.status404);
    expect(byTestId(html, shellIds.errorTitle)).toBe(MESSAGES.pageNotFound);
    expect(byTestId(html, shellIds.errorMessage)).toBe(MESSAGES.routeNotFound);
    expect(html.indexOf(shellIds.errorStatus)).toBeLessThan(html.indexOf(shellIds.errorTitle));
    expect(MESSAGES.status404).toBe('404 Not Found');
  });

  it('shows "500 Internal Server Error" above "Internal Server Error"', () => {
    const html = page(500);
    expect(byTestId(html, shellIds.errorStatus)).toBe('500 Internal Server Error');
    expect(byTestId(html, shellIds.errorTitle)).toBe(MESSAGES.internalServerError);
  });

  it('says "An error occurred" for a crash without a status, and no status line', () => {
    const html = page(undefined, 'boom');
    expect(byTestId(html, shellIds.errorTitle)).toBe('An error occurred');
    expect(html).not.toContain(shellIds.errorStatus);
  });

  it('gives another status its number', () => {
    expect(statusLine(403)).toBe('403');
    expect(statusLine(undefined)).toBeNull();
  });
});
