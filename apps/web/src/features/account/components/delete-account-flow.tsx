import { Trans, useLingui } from '@lingui/react/macro';
import { DELETE_REASONS } from '@sangam/contracts';
import { type ChangeEvent, type Ref, useState } from 'react';
import { useController } from 'react-hook-form';
import { Banner } from '@/components/ui/form/banner';
import { FormEmailField, FormPasswordField, SubmitButton } from '@/components/ui/form/fields';
import { useFlash } from '@/components/ui/form/use-flash';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { DELETE_REASON_LABELS } from '@/features/account/delete-reasons';
import { deleteAccountFormSchema, deleteVerifyFormSchema } from '@/features/account/validation';
import { AppError } from '@/lib/app-error';
import { authApi } from '@/lib/auth/auth-api';
import { sessionCleared } from '@/lib/auth/auth-slice';
import { errorText } from '@/lib/auth/error-text';
import { useSession } from '@/lib/auth/use-session';
import { codeMessage, successMessage } from '@/lib/i18n/error-messages';
import { formMessage } from '@/lib/i18n/form-messages';
import { useAppDispatch } from '@/lib/store';

export const AFTER_DELETE_DELAY_MS = 2000;

/** The ref, value, change and blur of a form field, for a plain select or textarea. */
const bindInput = (field: { ref: Ref<never>; value: string; onChange: (value: string) => void; onBlur: () => void }) => ({
  ref: field.ref,
  value: field.value,
  onChange: (e: ChangeEvent<HTMLSelectElement | HTMLTextAreaElement>) => field.onChange(e.target.value),
  onBlur: field.onBlur,
});

/** The two-step deletion: verify email and password with the login call, then password, reason and feedback. */
export function DeleteAccountFlow({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
  const { t, i18n } = useLingui();
  const dispatch = useAppDispatch();
  const session = useSession();
  const [step, setStep] = useState<1 | 2>(1);
  const verifyForm = useZodForm(deleteVerifyFormSchema, { defaultValues: { email: session.user?.email ?? '', password: '' } });
  // Step 2: a field's message shows once it is left or the form was submitted, then follows every change.
  const deleteForm = useZodForm(deleteAccountFormSchema, {
    mode: 'onTouched',
    defaultValues: { password: '', reason: '', feedback: '' },
  });
  const reason = useController({ control: deleteForm.control, name: 'reason' });
  const feedback = useController({ control: deleteForm.control, name: 'feedback' });
  const [verified, setVerified] = useState<{ email: string; token: string } | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const flash = useFlash();
  const step1 = verifyForm.watch();
  const step2 = deleteForm.watch();
  const reasonMessage = reason.fieldState.error?.message;
  const reasonError = reasonMessage ? formMessage(i18n, reasonMessage) : null;

  const verify = verifyForm.handleSubmit(async ({ email, password }) => {
    if (isLoading) return;
    setIsLoading(true);
    try {
      const res = await authApi.login(email.trim(), password);
      setVerified({ email: res.user.email, token: res.access_token });
      verifyForm.setValue('password', '');
      // A failed try's banner belongs to step 1: it would otherwise stay over step 2 for its 5 s.
      flash.clearError();
      setStep(2);
    } catch (err) {
      flash.setError(
        err instanceof AppError && err.status === 401
          ? (codeMessage('INVALID_CREDENTIALS') ?? '')
          : errorText(err, t`Failed to verify credentials`),
      );
    }
    setIsLoading(false);
  });

  const remove = deleteForm.handleSubmit(async ({ password, reason, feedback }) => {
    if (!verified) {
      flash.setError(t`Please verify your credentials first`);
      return;
    }
    if (!reason || isLoading) return;
    setIsLoading(true);
    try {
      const body = { password, reason, feedback: feedback.trim() || undefined };
      const res = await authApi.deleteAccount(verified.token, body).catch(async (err: unknown) => {
        // Step 1's access token lives ACCESS_TOKEN_TTL_SECONDS: a user who took longer over step 2 is
        // verified again with the password just typed, instead of being told to sign in.
        if (!(err instanceof AppError && err.code === 'TOKEN_EXPIRED')) throw err;
        const again = await authApi.login(verified.email, password);
        return authApi.deleteAccount(again.access_token, body);
      });
      flash.setMessage(successMessage(res.message, t`Account deleted successfully`));
      window.setTimeout(() => {
        if (session.user?.email === verified.email) dispatch(sessionCleared());
        onDeleted();
      }, AFTER_DELETE_DELAY_MS);
    } catch (err) {
      console.error('Account deletion failed', err);
      flash.setError(errorText(err, t`Failed to delete account`));
      setIsLoading(false);
    }
  });

  const deletingEmail = verified?.email;
  const back = () => {
    setStep(1);
    deleteForm.reset();
  };

  return (
    <div>
      <p className="mb-4 rounded-lg border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-100">
        <Trans>Deleting your account permanently removes all your data, conversations and settings. This cannot be undone.</Trans>
      </p>
      <Banner kind="error" text={flash.error} onClear={flash.clearError} />
      <Banner kind="success" text={flash.message} onClear={flash.clearMessage} />
      {step === 1 ? (
        <form onSubmit={verify} noValidate aria-label={t`Verify your identity`}>
          <h2 className="mb-4 text-lg font-semibold text-white">
            <Trans>Verify your identity to proceed</Trans>
          </h2>
          <FormEmailField control={verifyForm.control} name="email" error={null} disabled={isLoading} />
          <FormPasswordField
            control={verifyForm.control}
            name="password"
            label={t`Password`}
            error={null}
            disabled={isLoading}
            autoComplete="current-password"
          />
          <SubmitButton
            isLoading={isLoading}
            loadingLabel={t`Verifying...`}
            label={t`Continue to Delete Account`}
            isDisabled={!step1.email || !step1.password}
          />
          <button type="button" onClick={onCancel} className="btn-ghost mt-3 w-full justify-center">
            <Trans>Cancel</Trans>
          </button>
        </form>
      ) : (
        <form onSubmit={remove} noValidate aria-label={t`Delete account`}>
          <p className="mb-4 text-sm break-words text-slate-300">
            <Trans>
              Deleting the account of <strong className="text-white">{deletingEmail}</strong>
            </Trans>
          </p>
          <FormPasswordField
            control={deleteForm.control}
            name="password"
            label={t`Password`}
            disabled={isLoading}
            autoComplete="current-password"
          />
          <label htmlFor="delete-reason" className="mb-1 block text-sm font-medium text-slate-200">
            <Trans>Reason</Trans>
          </label>
          <select
            id="delete-reason"
            {...bindInput(reason.field)}
            aria-invalid={reasonError ? true : undefined}
            disabled={isLoading}
            className="mb-1 w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100"
          >
            <option value="">{t`Select a reason`}</option>
            {DELETE_REASONS.map((r) => (
              <option key={r.value} value={r.value}>
                {i18n._(DELETE_REASON_LABELS[r.value])}
              </option>
            ))}
          </select>
          {reasonError && <p className="mb-3 text-xs text-red-300">{reasonError}</p>}
          <label htmlFor="delete-feedback" className="mt-3 mb-1 block text-sm font-medium text-slate-200">
            <Trans>Feedback (optional)</Trans>
          </label>
          <textarea
            id="delete-feedback"
            {...bindInput(feedback.field)}
            maxLength={2000}
            rows={3}
            disabled={isLoading}
            className="mb-4 w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100"
          />
          <button
            type="submit"
            disabled={!step2.password || !step2.reason || isLoading}
            className="w-full rounded-full bg-red-600 py-3 font-semibold text-white hover:bg-red-500 disabled:opacity-50"
          >
            {isLoading ? <Trans>Deleting...</Trans> : <Trans>Delete my account</Trans>}
          </button>
          <button type="button" onClick={back} className="btn-ghost mt-3 w-full justify-center">
            <Trans>Back</Trans>
          </button>
        </form>
      )}
    </div>
  );
}
