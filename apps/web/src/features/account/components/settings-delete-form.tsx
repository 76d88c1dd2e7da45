import { type FormEvent, useState } from 'react';
import { Banner } from '@/components/ui/form/banner';
import { PasswordField, TextField } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { authApi } from '@/lib/auth/auth-api';
import { errorCode, errorText } from '@/lib/auth/error-text';

export const RECENT_AUTH_MESSAGE = 'For your security, please enter your password again to delete your account.';

/**
 * The settings deletion (the alternative flow): the account email typed again and the word DELETE.
 * Deletion needs a recent sign-in; when the session is older the server answers RECENT_AUTH_REQUIRED
 * and the form asks for the password, then sends it with the same request.
 */
export function SettingsDeleteForm({ accountEmail, onDeleted }: { accountEmail: string; onDeleted: (message: string) => void }) {
  const flash = useFlash();
  const [emailInput, setEmailInput] = useState('');
  const [deleteInput, setDeleteInput] = useState('');
  const [password, setPassword] = useState('');
  const [needsPassword, setNeedsPassword] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const isDeleteEnabled =
    emailInput.trim().toLowerCase() === accountEmail.toLowerCase() && deleteInput === 'DELETE' && (!needsPassword || password !== '');

  const remove = async (e: FormEvent) => {
    e.preventDefault();
    if (!isDeleteEnabled || isLoading) return;
    setIsLoading(true);
    try {
      const res = await authApi.deleteBySettings({
        email: emailInput.trim(),
        confirmation: deleteInput,
        ...(needsPassword ? { password } : {}),
      });
      onDeleted(res.message || 'Account deleted successfully');
    } catch (err) {
      if (errorCode(err) === 'RECENT_AUTH_REQUIRED') {
        setNeedsPassword(true);
        flash.setError(errorText(err, RECENT_AUTH_MESSAGE));
      } else flash.setError(errorText(err, 'Failed to delete account'));
      setPassword('');
      setIsLoading(false);
    }
  };

  return (
    <form onSubmit={remove} noValidate>
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <TextField label="Type your account email" value={emailInput} onChange={setEmailInput} autoComplete="off" disabled={isLoading} />
      <TextField label="Type DELETE to confirm" value={deleteInput} onChange={setDeleteInput} autoComplete="off" disabled={isLoading} />
      {needsPassword && (
        <PasswordField label="Password" value={password} onChange={setPassword} disabled={isLoading} autoComplete="current-password" />
      )}
      <button
        type="submit"
        disabled={!isDeleteEnabled || isLoading}
        className="w-full rounded-full bg-red-600 py-3 font-semibold text-white hover:bg-red-500 disabled:opacity-50"
      >
        {isLoading ? 'Deleting...' : 'Delete Account'}
      </button>
    </form>
  );
}
