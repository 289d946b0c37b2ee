import { afterEach, describe, expect, it } from 'vitest';
import type { InvitationPreview } from '#shared/contracts/staff.ts';
import { STAFF_MESSAGES } from '#shared/contracts/staff.ts';
import { click, fieldLabelled, renderAdmin, resetAdminTest, submit, type } from '#web/test/admin.tsx';
import { type Call, errorBody, json, route, stubFetch } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { type Rendered, waitFor } from '#web/test/render.tsx';
import { AdminSignInPage } from './admin-sign-in-page.tsx';

const PREVIEW: InvitationPreview = {
  email: 'nadim@cedar.shop',
  name: 'Nadim',
  role: 'admin',
  expires_at: '2026-12-04T09:00:00.000Z',
  password_policy: {
    min_length: 14,
    require_upper: false,
    require_lower: false,
    require_number: true,
    require_symbol: false,
  },
};

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  resetAdminTest();
});

async function open(answer: (call: Call) => Response): Promise<{ root: HTMLElement; calls: Call[] }> {
  const calls = stubFetch(answer);
  view = await renderAdmin(<AdminSignInPage />, '/secret-sign-in?invitation=tok-123');
  return { root: view.container, calls };
}

describe('Accepting a staff invitation on the hidden sign-in route', () => {
  it("says who is invited as what, checks the shop's rules as typed, then offers sign-in with the email", async () => {
    const { root, calls } = await open((call) => {
      if (route(call) === 'GET /api/auth/invitations/tok-123') return json({ data: PREVIEW });
      if (route(call) === 'POST /api/auth/invitations/accept') return json({ data: { email: PREVIEW.email } }, 201);
      return errorBody('Not found', 404);
    });
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toMatch(/^You're invited to .+ as admin$/));
    expect(root.textContent).toContain('nadim@cedar.shop');
    const rules = [...root.querySelectorAll('p[id$="-hint"] span')].map((item) => item.textContent);
    expect(rules).toEqual(['· At least 14 characters', '· A number', '· Not a common password, and not your email']);
    expect(fieldLabelled(root, 'Your name')?.value).toBe('Nadim');

    await type(fieldLabelled(root, 'Password'), 'Walnut-Harbour-Lamp');
    await type(fieldLabelled(root, 'Confirm password'), 'Walnut-Harbour-Lam');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain('Password must contain a number'));
    expect(root.textContent).toContain(STAFF_MESSAGES.passwordsDiffer);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await type(fieldLabelled(root, 'Password'), 'Walnut-Harbour-Lamp-42');
    await type(fieldLabelled(root, 'Confirm password'), 'Walnut-Harbour-Lamp-42');
    await submit(root.querySelector('form'));
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toMatch(/^Sign in to/));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      token: 'tok-123',
      password: 'Walnut-Harbour-Lamp-42',
      name: 'Nadim',
    });
    expect(fieldLabelled(root, 'Email')?.value).toBe('nadim@cedar.shop');
    expect(root.querySelector('[role="status"]')?.textContent).toBe(
      'Your account is ready. Sign in with your new password.',
    );
  });

  it('shows every reason the server gives for refusing the password', async () => {
    const { root } = await open((call) => {
      if (route(call) === 'GET /api/auth/invitations/tok-123') return json({ data: PREVIEW });
      return json(
        {
          message: 'This password is too common or too easy to guess',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [
            { path: 'password', message: 'This password is too common or too easy to guess' },
            { path: 'password', message: 'Add more words that are less common.' },
          ],
        },
        400,
      );
    });
    await waitFor(() => expect(fieldLabelled(root, 'Password')).not.toBeNull());
    await type(fieldLabelled(root, 'Password'), 'password1234567');
    await type(fieldLabelled(root, 'Confirm password'), 'password1234567');
    await submit(root.querySelector('form'));
    await waitFor(() =>
      expect(root.textContent).toContain(
        'This password is too common or too easy to guess Add more words that are less common.',
      ),
    );
    expect(fieldLabelled(root, 'Password')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('a used or expired link says so, and leads to the sign-in form', async () => {
    const { root } = await open(() => errorBody(STAFF_MESSAGES.invitationUsed, 410, 'GONE'));
    await waitFor(() => expect(root.querySelector('[role="alert"]')?.textContent).toBe(STAFF_MESSAGES.invitationUsed));
    await click(buttonByText(root, 'Go to sign-in'));
    expect(root.querySelector('h1')?.textContent).toMatch(/^Sign in to/);
    expect(root.querySelector('[role="status"]')).toBeNull();
  });
});
