import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  click,
  fieldLabelled,
  OWNER,
  renderAdmin,
  resetAdminTest,
  submit,
  type,
  Where,
  where,
} from '#web/test/admin.tsx';
import { json, stubApi } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import type { Rendered } from '#web/test/render.tsx';
import { waitFor } from '#web/test/render.tsx';
import { AdminSignInPage } from './admin-sign-in-page.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  resetAdminTest();
});

async function mountSignIn() {
  view = await renderAdmin(
    <>
      <Routes>
        <Route path="/sign-in-here" element={<AdminSignInPage />} />
        <Route path="/admin" element={<p>Dashboard</p>} />
      </Routes>
      <Where />
    </>,
    '/sign-in-here',
  );
  return view.container;
}

async function enterPassword(root: HTMLElement) {
  await type(fieldLabelled(root, 'Email'), 'owner@cedar.shop');
  await type(fieldLabelled(root, 'Password'), 'the-password-1');
  await submit(root.querySelector('form'));
}

const session = { token: 'a1', refreshToken: 'r1', expiresIn: '15m', user: OWNER, idleTimeout: '12h' };

describe('the sign-in code step (docs/product.md#staff-two-step-sign-in)', () => {
  it('asks for the 6-digit code after the password, then signs in', async () => {
    const calls = stubApi({
      'POST /api/auth/login': () =>
        json({ data: { two_factor_required: true, challenge_token: 'c1', expires_in: 300 } }),
      'POST /api/auth/login/two-factor': () => json({ data: session }),
    });
    const root = await mountSignIn();
    await enterPassword(root);
    await waitFor(() => expect(fieldLabelled(root, 'Authentication code')).not.toBeNull());
    const code = fieldLabelled(root, 'Authentication code');
    expect(code?.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code?.getAttribute('inputmode')).toBe('numeric');
    // The password form is hidden, not gone: "Back" finds the email as typed.
    expect(root.querySelector('form[hidden]')).not.toBeNull();

    await type(code, '12a');
    await submit(code?.closest('form'));
    await waitFor(() => expect(root.textContent).toContain('Enter the 6-digit code from your authenticator app'));
    await type(code, '123456');
    await submit(code?.closest('form'));
    await waitFor(() => expect(where(root)).toBe('/admin'));
    expect(calls.at(-1)?.body).toEqual({ challenge_token: 'c1', code: '123456' });
  });

  it('"Use a backup code" switches to a backup-code field', async () => {
    const calls = stubApi({
      'POST /api/auth/login': () =>
        json({ data: { two_factor_required: true, challenge_token: 'c2', expires_in: 300 } }),
      'POST /api/auth/login/two-factor': () => json({ data: session }),
    });
    const root = await mountSignIn();
    await enterPassword(root);
    await waitFor(() => expect(buttonByText(root, 'Use a backup code')).toBeTruthy());
    await click(buttonByText(root, 'Use a backup code'));
    const backup = fieldLabelled(root, 'Backup code');
    expect(backup?.getAttribute('autocomplete')).toBe('off');
    await type(backup, 'abcde-23456');
    await submit(backup?.closest('form'));
    await waitFor(() => expect(where(root)).toBe('/admin'));
    expect(calls.at(-1)?.body).toEqual({ challenge_token: 'c2', code: 'abcde-23456' });
  });

  it('Back returns to the email and password', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        json({ data: { two_factor_required: true, challenge_token: 'c3', expires_in: 300 } }),
    });
    const root = await mountSignIn();
    await enterPassword(root);
    await waitFor(() => expect(buttonByText(root, 'Back')).toBeTruthy());
    await click(buttonByText(root, 'Back'));
    expect(root.querySelector('form[hidden]')).toBeNull();
    expect(fieldLabelled(root, 'Email')?.value).toBe('owner@cedar.shop');
  });
});
