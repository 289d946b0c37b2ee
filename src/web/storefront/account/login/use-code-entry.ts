import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { authErrorMessage } from '#web/storefront/shopper-kit/auth-errors.ts';
import { type CodeFormInput, CodeFormSchema, type CodeFormValues } from './account-form-schemas.ts';

/**
 * The form around one 6-digit code field (sign-in by code, the phone's code): the contract's
 * check before sending, then `check(code)`. A refusal that names `code` shows under the field;
 * anything else (a busy server, a lockout) becomes `failure`, shown above the form.
 */
export function useCodeEntry(check: (code: string) => Promise<void>, fallbackMessage: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeFormInput, unknown, CodeFormValues>({
    resolver: zodResolver(CodeFormSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await check(code);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['code'])) setFailure(authErrorMessage(error, fallbackMessage));
    }
  });
  return { codeField: register('code'), codeError: errors.code?.message, isSubmitting, failure, onSubmit, setFocus };
}
