import { describe, expect, it } from 'vitest';
import type { StaffTwoFactorSetup, StaffTwoFactorStatus } from '#shared/contracts/staff-two-factor.ts';
import { adminTestSetup, click, fieldLabelled, submit, type } from '#web/test/admin.tsx';
import { json, recordedApi, route } from '#web/test/api.ts';
import { buttonByText } from '#web/test/queries.ts';
import { waitFor, waitForDialog } from '#web/test/render.tsx';
import { TwoStepCard } from './two-step-card.tsx';

const OFF: StaffTwoFactorStatus = { enabled: false, enabledAt: null, backupCodesLeft: 0, required: false };
const ON: StaffTwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-11-29T10:00:00.000Z',
  backupCodesLeft: 10,
  required: false,
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-2345${i}`);
const SETUP: StaffTwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  backupCodes: CODES,
};

const { toasts, mount } = adminTestSetup();
let status: StaffTwoFactorStatus = OFF;
const { calls, answers } = recordedApi((path) =>
  path === 'GET /api/admin/security/2fa' ? json({ data: status }) : json({}, 404),
);
const bodiesOf = (path: string) => calls.filter((call) => route(call) === path).map((call) => call.body);

describe('TwoStepCard (docs/product.md#staff-two-step-sign-in)', () => {
  it('sets up: QR code, the key grouped, ten codes with Download and Print; a code turns it on', async () => {
    status = OFF;
    answers['POST /api/admin/security/2fa/setup'] = () => json({ data: SETUP });
    answers['POST /api/admin/security/2fa/verify'] = (call) =>
      (call.body as { token: string }).token === '123456'
        ? json({ data: ON })
        : json(
            {
              message: 'This code is not right.',
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              errors: [{ path: 'token', message: 'This code is not right.' }],
            },
            400,
          );
    const root = await mount(<TwoStepCard />);
    await waitFor(() => expect(root.textContent).toContain('Off'));
    await click(buttonByText(root, 'Set up'));
    await waitFor(() => expect(root.querySelector('img[alt^="QR code"]')).not.toBeNull());
    expect(root.querySelector('img')?.getAttribute('src')).toBe(SETUP.qrCode);
    expect(root.querySelector('[data-testid="totp-secret"]')?.textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect([...root.querySelectorAll('[data-testid="backup-codes"] li')].map((item) => item.textContent)).toEqual(
      CODES,
    );
    expect(buttonByText(root, 'Download')).toBeTruthy();
    expect(buttonByText(root, 'Print')).toBeTruthy();

    const field = fieldLabelled(root, 'Code from the app');
    expect(field?.getAttribute('autocomplete')).toBe('one-time-code');
    await type(field, '12345');
    await submit(field?.closest('form'));
    await waitFor(() => expect(root.textContent).toContain('Enter the 6-digit code from your authenticator app'));
    expect(bodiesOf('POST /api/admin/security/2fa/verify')).toEqual([]);
    await type(field, '654321');
    await submit(field?.closest('form'));
    await waitFor(() => expect(root.textContent).toContain('This code is not right.'));
    await type(field, '123 456');
    await submit(field?.closest('form'));
    await waitFor(() => expect(root.textContent).toContain('10 of 10'));
    expect(bodiesOf('POST /api/admin/security/2fa/verify').at(-1)).toEqual({ token: '123456' });
    expect(toasts.at(-1)).toMatchObject({ variant: 'success', title: 'Two-step sign-in is on' });
  });

  it('new backup codes ask for a code or the password, then show the new set', async () => {
    status = ON;
    const fresh = CODES.map((code) => code.replace('abcde', 'fghjk'));
    answers['POST /api/admin/security/2fa/backup-codes'] = () => json({ data: { backupCodes: fresh } });
    const root = await mount(<TwoStepCard />);
    await waitFor(() => expect(buttonByText(root, 'New backup codes')).toBeTruthy());
    await click(buttonByText(root, 'New backup codes'));
    const dialog = await waitForDialog(root, 'New backup codes');
    await click(dialog.querySelector<HTMLInputElement>('input[value="password"]'));
    await type(fieldLabelled(dialog, 'Password'), 'my-password-123');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(root.querySelector('[data-testid="backup-codes"] li')?.textContent).toBe(fresh[0]));
    expect(bodiesOf('POST /api/admin/security/2fa/backup-codes')).toEqual([{ password: 'my-password-123' }]);
  });

  it('turning off with a wrong code shows the refusal on the field; a right one turns it off', async () => {
    status = ON;
    answers['POST /api/admin/security/2fa/disable'] = (call) =>
      (call.body as { code: string }).code === '123456'
        ? json({ data: OFF })
        : json(
            {
              message: 'This code is not right.',
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              errors: [{ path: 'code', message: 'This code is not right.' }],
            },
            400,
          );
    const root = await mount(<TwoStepCard />);
    await waitFor(() => expect(buttonByText(root, 'Turn off')).toBeTruthy());
    await click(buttonByText(root, 'Turn off'));
    const dialog = await waitForDialog(root, 'Turn off two-step sign-in');
    await type(fieldLabelled(dialog, 'Code'), '000000');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(dialog.textContent).toContain('This code is not right.'));
    await type(fieldLabelled(dialog, 'Code'), '123456');
    await submit(dialog.querySelector('form'));
    await waitFor(() => expect(root.textContent).toContain('Set up'));
    expect(bodiesOf('POST /api/admin/security/2fa/disable')).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('says when the shop requires it', async () => {
    status = { ...OFF, required: true };
    const root = await mount(<TwoStepCard />);
    await waitFor(() => expect(root.textContent).toContain('you will be asked to set it up at your next sign-in'));
  });
});
