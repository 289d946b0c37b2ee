import { describe, expect, it } from 'vitest';
import { adminReturnPath, hasAdminHint, isAdminPath, isAdminSignInState } from './admin-sign-in.ts';

describe('the admin sign-in state', () => {
  it('is recognised only in the shape the panel sends', () => {
    expect(isAdminSignInState({ adminSignIn: { reason: 'expired', returnTo: '/admin/orders' } })).toBe(true);
    expect(isAdminSignInState({ adminSignIn: { reason: 'signed-out' } })).toBe(true);
    for (const state of [null, undefined, 'expired', {}, { adminSignIn: null }, { adminSignIn: { reason: 'other' } }]) {
      expect(isAdminSignInState(state)).toBe(false);
    }
  });

  it('returns only to a page of the panel, never elsewhere', () => {
    const back = (returnTo: unknown) => adminReturnPath({ adminSignIn: { reason: 'expired', returnTo } });
    expect(back('/admin/orders/7?tab=lines#notes')).toBe('/admin/orders/7?tab=lines#notes');
    expect(back('/admin')).toBe('/admin');
    expect(back('/admin?status=pending')).toBe('/admin?status=pending');
    for (const elsewhere of ['//evil.example/admin', 'https://evil.example/admin', '/administrator', '/store', 42]) {
      expect(back(elsewhere)).toBeNull();
    }
    expect(adminReturnPath({ adminSignIn: { reason: 'signed-out' } })).toBeNull();
    expect(adminReturnPath(null)).toBeNull();
  });
});

describe('the admin hint cookie', () => {
  it('is read among other cookies, only with the value 1', () => {
    expect(hasAdminHint('theme=dark; cedar-admin=1')).toBe(true);
    expect(hasAdminHint('cedar-admin=1')).toBe(true);
    expect(hasAdminHint('cedar-admin=0; theme=dark')).toBe(false);
    expect(hasAdminHint('x-cedar-admin=1')).toBe(false);
    expect(hasAdminHint(undefined)).toBe(false);
  });

  it('is for the panel’s own addresses', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/blog/new')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/store')).toBe(false);
  });
});
