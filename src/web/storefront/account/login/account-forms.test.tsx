import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_CHANGE_PASSWORD_MESSAGE, type ShopperSession, type ShopperUser } from '#shared/contracts/accounts.ts';
import { ProfileSection } from '#web/storefront/account/profile/profile-section.tsx';
import { stopSessionKeeper } from '#web/storefront/shopper-kit/session-keeper.ts';
import {
  clearShopperSession,
  currentShopperSession,
  setShopperSession,
} from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { CONTACT_REQUIRED, PASSWORD_REQUIRED } from './account-form-schemas.ts';
import { LoginPage } from './login-page.tsx';

/**
 * The account forms (docs/product.md#signing-up-and-in-shoppers, #account-area) through their real
 * schemas, session store and API client: only the network is stubbed, answering by method and path.
 * The 60 s before "Send again" runs on a fake clock (setInterval and Date only; the waits of
 * `waitFor` stay real).
 */

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  auth: string | null;
}
type Answer = (call: Call) => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (errors: { path: string; message: string }[], message = 'Validation failed', status = 400) =>
  json({ message, statusCode: status, code: 'VALIDATION_ERROR', errors }, status);

const T0 = '2026-11-01T10:00:00.000Z';
function user(changes: Partial<ShopperUser> = {}): ShopperUser {
  return {
    id: 'user-1',
    email: null,
    phone: '+96171234567',
    name: 'Rima',
    email_verified: false,
    phone_verified: false,
    two_factor_enabled: false,
    created_at: T0,
    updated_at: T0,
    ...changes,
  };
}
function session(of: ShopperUser = user()): ShopperSession {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 365 * 24 * 3600,
    token_type: 'bearer',
    user: of,
  };
}

let calls: Call[] = [];
let answers: Record<string, Answer> = {};
let view: Rendered | undefined;
let location = '';

function Where() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

beforeEach(() => {
  calls = [];
  location = '';
  answers = { 'GET /api/account/user': () => json({ data: currentShopperSession()?.user ?? user() }) };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      auth: new Headers(init.headers).get('Authorization'),
    };
    calls.push(call);
    return answers[`${call.method} ${call.path}`]?.(call) ?? json({ message: 'Not found' }, 404);
  });
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  stopSessionKeeper();
  clearShopperSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function renderAt(path: string) {
  view = await render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login/*" element={<LoginPage />} />
        <Route path="/account" element={<Where />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return view.container;
}

const text = (element: Element | null | undefined) => element?.textContent ?? '';
const button = (name: string | RegExp) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((item) =>
    typeof name === 'string' ? item.textContent?.trim() === name : name.test(item.textContent ?? ''),
  );
/** The input labelled `label` (exactly), and the text under it (error and hints). */
function field(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll('label')].find(
    (item) => item.textContent?.replace(' (optional)', '').trim() === label,
  );
  const input = found ? document.getElementById(found.htmlFor) : null;
  expect(input, label).toBeTruthy();
  return input as HTMLInputElement;
}
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => text(document.getElementById(id)))
    .join(' | ');

async function click(element: HTMLElement | null | undefined) {
  expect(element).toBeTruthy();
  await act(async () => element?.click());
}
async function typeInto(element: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function submit(name: string) {
  await click(button(name));
  // The resolver is async: let it and the request settle.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
const posts = (path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);

describe('sign in', () => {
  it('asks for the contact and the password under their fields before sending anything', async () => {
    await renderAt('/login');
    await submit('Sign in');
    await waitFor(() => expect(describedText(field('Email or phone number'))).toContain(CONTACT_REQUIRED));
    expect(text(field('Password').parentElement?.parentElement)).toContain(PASSWORD_REQUIRED);
    await typeInto(field('Email or phone number'), '12');
    await submit('Sign in');
    await waitFor(() =>
      expect(describedText(field('Email or phone number'))).toContain('Enter a Lebanese phone number'),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the normalised contact, and shows a wrong password above the form', async () => {
    answers['POST /api/account/token'] = () =>
      json({ message: 'Invalid login credentials', statusCode: 401, code: 'UNAUTHORIZED', errors: [] }, 401);
    await renderAt('/login');
    await typeInto(field('Email or phone number'), '71 234 567');
    await typeInto(field('Password'), 'not-it-1234');
    await submit('Sign in');
    await waitFor(() => expect(text(document.querySelector('[role="alert"]'))).toBe('Invalid login credentials'));
    expect(posts('/api/account/token')[0]?.body).toEqual({
      grant_type: 'password',
      phone: '+96171234567',
      password: 'not-it-1234',
    });
  });

  it('by code: sends it, takes it, and opens "Send again" only after 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    answers['POST /api/account/otp'] = () => json({ data: { sent: true } }, 202);
    answers['POST /api/account/verify'] = () =>
      refusal([{ path: 'code', message: 'This code is wrong or has expired. Request a new one.' }]);
    await renderAt('/login');
    await typeInto(field('Email or phone number'), 'Rima@Example.com');
    await click(button('Use a code instead'));
    // The contact typed is kept.
    expect(field('Email or phone number').value).toBe('Rima@Example.com');
    await submit('Send me a code');
    await waitFor(() => expect(field('6-digit code')).toBeTruthy());
    expect(posts('/api/account/otp')[0]?.body).toEqual({ email: 'rima@example.com' });
    expect(document.activeElement).toBe(field('6-digit code'));

    expect(button('Send again')?.disabled).toBe(true);
    expect(text(document.body)).toContain('You can ask for a new code in 1:00');
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(text(document.body)).toContain('in 0:30');
    expect(button('Send again')?.disabled).toBe(true);

    await typeInto(field('6-digit code'), '12a');
    expect(field('6-digit code').value).toBe('12');
    await submit('Sign in');
    await waitFor(() => expect(describedText(field('6-digit code'))).toContain('Enter the 6-digit code'));
    await typeInto(field('6-digit code'), '123456');
    await submit('Sign in');
    await waitFor(() => expect(describedText(field('6-digit code'))).toContain('This code is wrong or has expired'));
    expect(posts('/api/account/verify')[0]?.body).toEqual({
      type: 'sign_in',
      email: 'rima@example.com',
      code: '123456',
    });

    await act(async () => vi.advanceTimersByTime(30_000));
    expect(button('Send again')?.disabled).toBe(false);
    expect(text(document.body)).not.toContain('You can ask for a new code');
    await submit('Send again');
    await waitFor(() => expect(posts('/api/account/otp')).toHaveLength(2));
    expect(posts('/api/account/otp')[1]?.body).toEqual({ email: 'rima@example.com' });
    await waitFor(() => expect(button('Send again')?.disabled).toBe(true));
  });
});

describe('sign up', () => {
  it("shows the server's reasons under the password and a taken contact under the contact", async () => {
    answers['POST /api/account/signup'] = () =>
      refusal([
        { path: 'password', message: 'Password must be at least 10 characters' },
        { path: 'password', message: 'This password is too common or too easy to guess' },
        { path: 'email', message: 'An account with this email already exists' },
      ]);
    await renderAt('/login?mode=signup');
    await typeInto(field('Email or phone number'), 'rima@example.com');
    await typeInto(field('Password'), 'abc1');
    await submit('Create account');
    await waitFor(() =>
      expect(describedText(field('Email or phone number'))).toContain('An account with this email already exists'),
    );
    const under = describedText(field('Password'));
    expect(under).toContain('Password must be at least 10 characters');
    expect(under).toContain('This password is too common or too easy to guess');
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('with a phone: asks for the code the sign-up sent, right there, then goes on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const signedUp = user();
    answers['POST /api/account/signup'] = () =>
      json({ data: { session: session(signedUp), mfa_challenge: null } }, 201);
    answers['POST /api/account/resend'] = () => json({ data: { sent: true } }, 202);
    answers['POST /api/account/verify-phone'] = (call) =>
      call.body?.code === '654321'
        ? json({ data: { ...signedUp, phone_verified: true } })
        : refusal([{ path: 'code', message: 'This code is wrong or has expired. Request a new one.' }]);
    await renderAt('/login?mode=signup&next=%2Faccount');
    await typeInto(field('Name'), 'Rima');
    await typeInto(field('Email or phone number'), '71 234 567');
    await typeInto(field('Password'), 'cedar-grove-2026');
    await submit('Create account');

    await waitFor(() => expect(text(document.querySelector('h1'))).toBe('Confirm your phone'));
    expect(posts('/api/account/signup')[0]?.body).toEqual({
      phone: '+96171234567',
      password: 'cedar-grove-2026',
      name: 'Rima',
    });
    // Signed in already, but kept here for the code; the number as people read it.
    expect(currentShopperSession()?.user.id).toBe('user-1');
    expect(location).toBe('/login?mode=signup&next=%2Faccount');
    expect(text(document.body)).toContain('+961 71 234 567');
    expect(button('Send again')?.disabled).toBe(true);

    await typeInto(field('6-digit code'), '111111');
    await submit('Verify phone');
    await waitFor(() => expect(describedText(field('6-digit code'))).toContain('This code is wrong'));
    expect(posts('/api/account/verify-phone')[0]?.auth).toBe('Bearer access-1');

    await act(async () => vi.advanceTimersByTime(60_000));
    await submit('Send again');
    await waitFor(() => expect(posts('/api/account/resend')).toHaveLength(1));
    expect(posts('/api/account/resend')[0]?.body).toEqual({ type: 'verify_phone' });

    await typeInto(field('6-digit code'), '654321');
    await submit('Verify phone');
    await waitFor(() => expect(location).toBe('/account'));
    expect(currentShopperSession()?.user.phone_verified).toBe(true);
  });

  it('with an email: goes straight on', async () => {
    answers['POST /api/account/signup'] = () =>
      json({ data: { session: session(user({ phone: null, email: 'rima@example.com' })), mfa_challenge: null } }, 201);
    await renderAt('/login?mode=signup&next=%2Faccount');
    await typeInto(field('Email or phone number'), 'rima@example.com');
    await typeInto(field('Password'), 'cedar-grove-2026');
    await submit('Create account');
    await waitFor(() => expect(location).toBe('/account'));
  });
});

describe('recovery', () => {
  it('by phone: the code and the new password, the refusals under their fields, Send again after 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    answers['POST /api/account/recover'] = () => json({ data: { sent: true } }, 202);
    answers['POST /api/account/recover/complete'] = () =>
      refusal([
        { path: 'password', message: 'Password must not contain your email or phone number' },
        { path: 'code', message: 'This code is wrong or has expired. Request a new one.' },
      ]);
    await renderAt('/login?mode=forgot');
    await submit('Continue');
    await waitFor(() => expect(describedText(field('Email or phone number'))).toContain(CONTACT_REQUIRED));
    await typeInto(field('Email or phone number'), '03 123 456');
    await submit('Continue');
    await waitFor(() => expect(field('6-digit code')).toBeTruthy());
    expect(text(document.body)).toContain('+961 3 123 456');
    expect(posts('/api/account/recover')[0]?.body).toEqual({ phone: '+9613123456' });

    await submit('Save new password');
    await waitFor(() => expect(describedText(field('6-digit code'))).toContain('Enter the 6-digit code'));
    expect(describedText(field('New password'))).toContain('Enter a new password');
    await typeInto(field('6-digit code'), '123456');
    await typeInto(field('New password'), 'pass-3123456');
    await submit('Save new password');
    await waitFor(() =>
      expect(describedText(field('New password'))).toContain('Password must not contain your email or phone number'),
    );
    expect(describedText(field('6-digit code'))).toContain('This code is wrong or has expired');
    expect(posts('/api/account/recover/complete')[0]?.body).toEqual({
      phone: '+9613123456',
      code: '123456',
      password: 'pass-3123456',
    });

    expect(button('Send again')?.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(60_000));
    await submit('Send again');
    await waitFor(() => expect(posts('/api/account/recover')).toHaveLength(2));
  });

  it('by email: the link, and "Send the link again" after 60 s; a refused send shows why', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    answers['POST /api/account/recover'] = () => json({ data: { sent: true } }, 202);
    await renderAt('/login?mode=forgot');
    await typeInto(field('Email or phone number'), 'rima@example.com');
    await submit('Continue');
    await waitFor(() => expect(text(document.body)).toContain('Check your email'));
    expect(button('Send the link again')?.disabled).toBe(true);
    expect(text(document.body)).toContain('You can ask for a new link in 1:00');
    answers['POST /api/account/recover'] = () =>
      json(
        {
          message: 'Too many codes requested. Please wait before asking for another.',
          statusCode: 429,
          code: 'RATE_LIMITED',
          errors: [],
        },
        429,
      );
    await act(async () => vi.advanceTimersByTime(60_000));
    await submit('Send the link again');
    await waitFor(() => expect(text(document.querySelector('[role="alert"]'))).toContain('Too many codes requested'));
  });

  it("the email link's page: the new password's refusals under it, a dead link above the form", async () => {
    answers['POST /api/account/recover/complete'] = () =>
      refusal([{ path: 'password', message: 'Password must contain letters and at least one number or symbol' }]);
    await renderAt('/login/reset?token=abc');
    await typeInto(field('New password'), 'onlyletterslong');
    await submit('Save new password');
    await waitFor(() =>
      expect(describedText(field('New password'))).toContain(
        'Password must contain letters and at least one number or symbol',
      ),
    );
    answers['POST /api/account/recover/complete'] = () =>
      refusal([{ path: 'token', message: 'This link is invalid or has expired. Request a new one.' }], 'Bad link');
    await typeInto(field('New password'), 'cedar-grove-2026');
    await submit('Save new password');
    await waitFor(() => expect(text(document.querySelector('[role="alert"]'))).toContain('Bad link'));
    expect(posts('/api/account/recover/complete')[1]?.body).toEqual({ token: 'abc', password: 'cedar-grove-2026' });
  });
});

describe('profile', () => {
  async function renderProfile(of: ShopperUser) {
    setShopperSession(session(of));
    view = await render(
      <MemoryRouter>
        <ProfileSection />
      </MemoryRouter>,
    );
    return view.container;
  }

  it('shows the phone as people read it, and asks for the current password only for a contact change', async () => {
    answers['PUT /api/account/user'] = (call) =>
      call.body?.current_password === 'wrong-one'
        ? refusal([{ path: 'current_password', message: 'Your password is incorrect' }])
        : json({ data: user({ ...(call.body as Partial<ShopperUser>) }) });
    const page = await renderProfile(user());
    expect(text(page)).toContain('+961 71 234 567');
    expect(text(page)).not.toContain('+96171234567');

    await click(button('Edit details'));
    expect(field('Phone').value).toBe('+961 71 234 567');
    await typeInto(field('Name'), 'Rima K');
    expect(text(page)).not.toContain('Current password');

    await typeInto(field('Phone'), '03 123 456');
    expect(field('Current password')).toBeTruthy();
    await submit('Save changes');
    await waitFor(() => expect(describedText(field('Current password'))).toContain(CONTACT_CHANGE_PASSWORD_MESSAGE));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await typeInto(field('Current password'), 'wrong-one');
    await submit('Save changes');
    await waitFor(() => expect(describedText(field('Current password'))).toContain('Your password is incorrect'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Rima K',
      phone: '+9613123456',
      current_password: 'wrong-one',
    });

    // Back to the number it had (typed another way): no contact change, no password asked.
    await typeInto(field('Phone'), '71-234-567');
    expect(text(page)).not.toContain('Current password');
    await submit('Save changes');
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({ name: 'Rima K' });
  });

  it('the server refusing the contact change without the password shows under the field', async () => {
    answers['PUT /api/account/user'] = () =>
      refusal([{ path: 'email', message: 'An account with this email already exists' }], 'Conflict', 409);
    await renderProfile(user());
    await click(button('Edit details'));
    await typeInto(field('Email'), 'taken@example.com');
    await typeInto(field('Current password'), 'cedar-grove-2026');
    await submit('Save changes');
    await waitFor(() => expect(describedText(field('Email'))).toContain('An account with this email already exists'));
  });

  it('verifies the phone with a code already sent, or a new one ("Send again" after 60 s)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    answers['POST /api/account/resend'] = () => json({ data: { sent: true } }, 202);
    answers['POST /api/account/verify-phone'] = () => json({ data: user({ phone_verified: true }) });
    const page = await renderProfile(user());
    const card = () => page.querySelector('section[aria-labelledby] + section') ?? page;
    expect(text(card())).toContain('Verify your phone');
    // The code field is there at once: the code sent at sign-up or at the change works.
    expect(field('6-digit code')).toBeTruthy();
    await submit('Send code');
    await waitFor(() => expect(button('Send again')?.disabled).toBe(true));
    expect(posts('/api/account/resend')[0]?.body).toEqual({ type: 'verify_phone' });
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(button('Send again')?.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(button('Send again')?.disabled).toBe(false);

    await typeInto(field('6-digit code'), '123456');
    await submit('Verify phone');
    await waitFor(() => expect(text(page)).not.toContain('Verify your phone'));
    expect(text(page)).toContain('Verified');
  });
});
