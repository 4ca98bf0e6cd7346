import { describe, expect, it } from 'vitest';
import { companyFlags } from './roles.ts';

describe('companyFlags', () => {
  it('gives an owner company access and admin rights', () => {
    expect(companyFlags('owner', null)).toEqual({
      hasCompanyAccess: true,
      hasAccess: true,
      isOwner: true,
      isAdmin: true,
      isSuper: false,
      isSupport: false,
    });
  });
  it('gives a plain user access without admin rights', () => {
    const f = companyFlags('user', null);
    expect(f.isAdmin).toBe(false);
    expect(f.hasAccess).toBe(true);
  });
  it('gives an operator access to a company they are not a member of', () => {
    const f = companyFlags(null, 'support-user');
    expect(f).toMatchObject({ hasCompanyAccess: false, hasAccess: true, isSupport: true, isSuper: false });
  });
  it('gives an outsider no access', () => {
    expect(companyFlags(null, null).hasAccess).toBe(false);
  });
});
