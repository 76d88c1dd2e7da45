import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Banner } from '@/components/ui/form/banner';
import { FormPasswordField, FormTextField } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { settingsDeleteFormSchema } from '@/features/account/validation';
import { authApi } from '@/lib/auth/auth-api';
import { errorCode, errorText } from '@/lib/auth/error-text';
import { codeMessage, successMessage } from '@/lib/i18n/error-messages';

/** The word typed to confirm, in every language (the server checks it). */
const CONFIRMATION_WORD = 'DELETE';

/**
 * The settings deletion (the alternative flow): the account email typed again and the word DELETE.
 * Deletion needs a recent sign-in; when the session is older the server answers RECENT_AUTH_REQUIRED
 * and the form asks for the password, then sends it with the same request.
 */
export function SettingsDeleteForm({ accountEmail, onDeleted }: { accountEmail: string; onDeleted: (message: string) => void }) {
  const { t } = useLingui();
  const word = CONFIRMATION_WORD;
  const flash = useFlash();
  const { control, handleSubmit, setValue, watch } = useZodForm(settingsDeleteFormSchema, {
    defaultValues: { email: '', confirmation: '', password: '' },
  });
  const [needsPassword, setNeedsPassword] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const form = watch();
  const isDeleteEnabled =
    form.email.trim().toLowerCase() === accountEmail.toLowerCase() &&
    form.confirmation === word &&
    (!needsPassword || form.password !== '');

  const remove = handleSubmit(async ({ email, confirmation, password }) => {
    if (!isDeleteEnabled || isLoading) return;
    setIsLoading(true);
    try {
      const res = await authApi.deleteBySettings({ email: email.trim(), confirmation, ...(needsPassword ? { password } : {}) });
      onDeleted(successMessage(res.message, t`Account deleted successfully`));
    } catch (err) {
      if (errorCode(err) === 'RECENT_AUTH_REQUIRED') {
        setNeedsPassword(true);
        flash.setError(errorText(err, codeMessage('RECENT_AUTH_REQUIRED') ?? ''));
      } else flash.setError(errorText(err, t`Failed to delete account`));
      setValue('password', '');
      setIsLoading(false);
    }
  });

  return (
    <form onSubmit={remove} noValidate>
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <FormTextField
        control={control}
        name="email"
        label={t`Type your account email`}
        error={null}
        autoComplete="off"
        disabled={isLoading}
      />
      <FormTextField
        control={control}
        name="confirmation"
        label={t`Type ${word} to confirm`}
        error={null}
        autoComplete="off"
        disabled={isLoading}
      />
      {needsPassword && (
        <FormPasswordField
          control={control}
          name="password"
          label={t`Password`}
          error={null}
          disabled={isLoading}
          autoComplete="current-password"
        />
      )}
      <button
        type="submit"
        disabled={!isDeleteEnabled || isLoading}
        className="w-full rounded-full bg-red-600 py-3 font-semibold text-white hover:bg-red-500 disabled:opacity-50"
      >
        {isLoading ? <Trans>Deleting...</Trans> : <Trans>Delete Account</Trans>}
      </button>
    </form>
  );
}
