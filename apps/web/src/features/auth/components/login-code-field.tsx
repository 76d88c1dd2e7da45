import { useLingui } from '@lingui/react/macro';
import type { Control, Path } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/fields';

/** The field of a mailed 6-digit code: digits only, at most six, centred, filled from the mail by the browser. */
export function SixDigitCodeField<T extends { code: string }>({
  control,
  label,
  error,
  disabled,
}: {
  control: Control<T>;
  label: string;
  error: string | null;
  disabled?: boolean;
}) {
  return (
    <FormTextField
      control={control}
      name={'code' as Path<T>}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      transform={(v) => v.replace(/\D/g, '').slice(0, 6)}
      error={error}
      disabled={disabled}
      className="text-center"
    />
  );
}

/**
 * The step-up of a sign-in (LOGIN_CODE_REQUIRED): the server mailed a 6-digit code to the account;
 * the form is sent again with the email, the password and this code.
 */
export function LoginCodeField<T extends { code: string }>({
  note,
  control,
  disabled,
}: {
  note: string;
  control: Control<T>;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <p role="status" className="mb-3 rounded-lg border border-neon-cyan/30 bg-neon-cyan/10 px-3 py-2 text-sm text-slate-100">
        {note}
      </p>
      <SixDigitCodeField control={control} label={t`Sign-in code`} error={null} disabled={disabled} />
    </>
  );
}
