import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ChangePasswordRequestSchema } from '#shared/contracts/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { adminPost } from '../auth/admin-api.ts';
import { useAdminAuth } from '../auth/admin-auth.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
import { formatDateTime, ROLE_LABELS } from '../ui/format.ts';

const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({ confirmPassword: z.string() }).refine(
  (value) => value.newPassword === value.confirmPassword,
  { path: ['confirmPassword'], message: 'The two new passwords do not match' },
);
type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(path);

/** `/admin/account`: who is signed in, and a password change (which signs out every other session). */
export function AccountPage() {
  const { user } = useAdminAuth();
  if (!user) return null;
  return (
    <>
      <AdminPageHeader title="Account" description="Your sign-in details." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <DetailCard title="Profile">
          <dl className="space-y-3 text-sm">
            {[
              ['Name', user.name],
              ['Email', user.email],
              ['Role', ROLE_LABELS[user.serverRole]],
              ['Member since', formatDateTime(user.created_at)],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 border-b border-line pb-3 last:border-0 last:pb-0">
                <dt className="text-muted">{label}</dt>
                {/* Wrapped, never cut: a long email must stay readable on a phone. */}
                <dd className="min-w-0 text-right font-medium break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </DetailCard>
        <ChangePassword />
      </div>
    </>
  );
}

function ChangePassword() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const field = fieldBinder(register, errors);
  const submit = async ({ currentPassword, newPassword }: ChangePasswordForm) => {
    try {
      await adminPost('/auth/change-password', { currentPassword, newPassword });
      reset();
      toast({ variant: 'success', title: 'Password changed', description: 'Your other sessions were signed out.' });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors.filter((item) => isField(item.path)) : [];
      for (const item of fieldErrors) if (isField(item.path)) setError(item.path, { message: item.message });
      if (fieldErrors.length === 0) {
        toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not change the password' });
      }
    }
  };

  return (
    <DetailCard title="Change password">
      <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters, with letters and a number or symbol."
          {...field('newPassword')}
        />
        <TextField
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </DetailCard>
  );
}
