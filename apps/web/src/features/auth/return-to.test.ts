import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginPathFor, noteSignIn, noteSignOut, safeNext } from './return-to.ts';

describe('safeNext', () => {
  it('keeps a path of the app with its query', () => {
    expect(safeNext('/cms/customers/12')).toBe('/cms/customers/12');
    expect(safeNext('/cms/customers?search=tremblay&page=2')).toBe('/cms/customers?search=tremblay&page=2');
    expect(safeNext('/auth/profile')).toBe('/auth/profile');
  });

  it.each([
    null,
    '',
    'https://evil.example/cms',
    '//evil.example/cms',
    '/\\evil.example',
    'javascript:alert(1)',
    '/cms/customers\n',
    '/',
    '/auth/login',
    '/auth/login?next=/cms/customers',
    '/auth',
  ])('sends %j to the home screen', (raw) => {
    expect(safeNext(raw)).toBe(HOME_PATH);
  });
});

describe('loginPathFor', () => {
  it('carries the target in the sign-in URL, encoded', () => {
    expect(loginPathFor('/cms/customers?search=a b')).toBe(
      `/auth/login?next=${encodeURIComponent('/cms/customers?search=a b')}`,
    );
  });

  it('leaves the plain sign-in URL for the home screen and for unsafe targets', () => {
    expect(loginPathFor(HOME_PATH)).toBe('/auth/login');
    expect(loginPathFor('//evil.example')).toBe('/auth/login');
  });
});

describe('after a sign-out', () => {
  it('sends to the plain sign-in page until the next sign-in', () => {
    noteSignOut();
    expect(loginPathFor('/cms/customers')).toBe('/auth/login');
    noteSignIn();
    expect(loginPathFor('/cms/customers')).toBe(`/auth/login?next=${encodeURIComponent('/cms/customers')}`);
  });
});
