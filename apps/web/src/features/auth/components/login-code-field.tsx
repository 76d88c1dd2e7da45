import type { Control, Path } from 'react-hook-form';
import { FormTextField } from '@/components/ui/form/fields';

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
  return (
    <>
      <p role="status" className="mb-3 rounded-lg border border-neon-cyan/30 bg-neon-cyan/10 px-3 py-2 text-sm text-slate-100">
        {note}
      </p>
      <FormTextField
        control={control}
        name={'code' as Path<T>}
        label="Sign-in code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        transform={(v) => v.replace(/\D/g, '').slice(0, 6)}
        error={null}
        disabled={disabled}
        className="text-center"
      />
    </>
  );
}
