import { MESSAGES } from '@rentloop/domain/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals } from '../testing/browser-globals.ts';
import { breadcrumbsFor } from './Breadcrumbs.tsx';
import { errorTitle } from './ErrorPage.tsx';
import { layoutFor } from './layouts/choose-layout.ts';
import { reloadAfterChunkError } from './lazy.ts';
import { guardLevel } from './route-meta.ts';

describe('layoutFor', () => {
  it.each([
    ['/cms/customers', 'admin'],
    ['/admin/users', 'admin'],
    ['/super/companies', 'admin'],
    ['/auth/profile', 'admin'],
    ['/auth/login', 'default'],
    ['/', 'default'],
    ['/no/such/page', 'default'],
    ['/auth/verify/x-superadmin-cms-token', 'default'],
    ['/auth/password-reset', 'default'],
  ])('%s uses the %s layout', (path, layout) => {
    expect(layoutFor(path)).toBe(layout);
  });
});

describe('guardLevel', () => {
  it('follows the route name (spec 01 §6) and never loosens the meta', () => {
    expect(guardLevel({ name: 'super-users', auth: 'guest' })).toBe('super');
    expect(guardLevel({ name: 'admin-users-create', auth: 'guest' })).toBe('admin');
    expect(guardLevel({ name: 'super-admin-thing', auth: 'admin' })).toBe('super');
    expect(guardLevel({ name: 'cms-companies-create', auth: 'super' })).toBe('super');
    expect(guardLevel({ name: 'cms-customers', auth: 'guest' })).toBe('guest');
    expect(guardLevel({ name: 'auth-profile', auth: 'account' })).toBe('account');
    expect(guardLevel({ name: 'auth-login', auth: 'public' })).toBe('public');
  });
});

describe('errorTitle', () => {
  it('names 404, 500 and anything else', () => {
    expect(errorTitle(404)).toBe(MESSAGES.pageNotFound);
    expect(errorTitle(500)).toBe(MESSAGES.internalServerError);
    expect(errorTitle(403)).toBe(MESSAGES.anErrorOccurred);
    expect(errorTitle(undefined)).toBe(MESSAGES.anErrorOccurred);
  });
});

describe('breadcrumbsFor', () => {
  it('keeps the segments that match a known route', () => {
    expect(breadcrumbsFor('/cms/customers/42/edit')).toEqual([
      { path: '/cms', title: 'Home' },
      { path: '/cms/customers', title: 'Customers' },
      { path: '/cms/customers/42', title: 'Customer 42' },
      { path: '/cms/customers/42/edit', title: 'Edit' },
    ]);
    expect(breadcrumbsFor('/cms/customers/create').at(-1)).toEqual({
      path: '/cms/customers/create',
      title: 'New customer',
    });
    expect(breadcrumbsFor('/cms/nothing-here')).toEqual([{ path: '/cms', title: 'Home' }]);
  });
  it('starts at Home outside the company too', () => {
    expect(breadcrumbsFor('/super/default-email-templates').at(0)).toEqual({ path: '/', title: 'Home' });
    expect(breadcrumbsFor('/super/users/create').map((c) => c.title)[0]).toBe('Home');
  });
  it('names a template by its title when the page gives it', () => {
    const path = '/cms/email-templates/quote/en/edit';
    const crumbs = breadcrumbsFor(path, new Map([[path, 'Quote · English']]));
    expect(crumbs.map((c) => c.title)).toEqual(['Home', 'Email Templates', 'Quote · English']);
  });
});

describe('reloadAfterChunkError', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  it('reloads at most once a minute', () => {
    const { reload } = installBrowserGlobals();
    const t = 1_700_000_000_000;
    expect(reloadAfterChunkError(t)).toBe(true);
    expect(reloadAfterChunkError(t + 30_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(t + 61_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
