import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

const inputClass =
  'w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100 placeholder:text-slate-500 focus:border-neon-cyan focus:outline-none focus:ring-1 focus:ring-neon-cyan disabled:opacity-60';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string | null;
  hintTone?: 'muted' | 'ok';
};

/** Only letters, digits and @ . _ - may be typed in email fields (docs/spec-rules.md §5). */
export const sanitizeEmail = (v: string) => v.replace(/[^A-Za-z0-9@._-]/g, '');
const EMAIL_KEY = /^[A-Za-z0-9@._-]$/;
export function blockEmailKeys(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !EMAIL_KEY.test(e.key)) e.preventDefault();
}
/** An email input that only lets the characters of docs/spec-rules.md §5 in, typed or pasted. */
export function EmailField({ onChange, ...rest }: Omit<FieldProps, 'label' | 'type'> & { label?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      onChange={(v) => onChange(sanitizeEmail(v))}
      onKeyDown={blockEmailKeys}
      {...rest}
    />
  );
}
/** Usernames: lowercase letters and digits only. */
export const sanitizeUsername = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A field's label above its input, and its error or hint below it (tied to the input by id). */
function FieldFrame({
  id,
  label,
  note,
  noteClass,
  className,
  children,
}: {
  id: string;
  label: string;
  note: string | null | undefined;
  noteClass: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('mb-4', className)}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      {note && (
        <p id={`${id}-note`} className={clsx('mt-1 text-xs', noteClass)}>
          {note}
        </p>
      )}
    </div>
  );
}

/** The props every field's input takes from the field: its id, value, change and error state. */
const inputProps = (id: string, { value, onChange, error }: Pick<FieldProps, 'value' | 'onChange' | 'error'>, note: unknown) => ({
  id,
  value,
  onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value),
  'aria-invalid': error ? true : undefined,
  'aria-describedby': note ? `${id}-note` : undefined,
});

export function TextField({ label, value, onChange, error, hint, hintTone = 'muted', className, ...rest }: FieldProps) {
  const id = useId();
  const note = error ?? hint;
  return (
    <FieldFrame
      id={id}
      label={label}
      note={note}
      noteClass={error ? 'text-red-300' : hintTone === 'ok' ? 'text-emerald-300' : 'text-slate-400'}
      className={className}
    >
      <input {...inputProps(id, { value, onChange, error }, note)} className={clsx(inputClass, error && 'border-red-500/70')} {...rest} />
    </FieldFrame>
  );
}

/** A password field with show/hide. */
export function PasswordField(props: FieldProps) {
  const [isShown, setIsShown] = useState(false);
  const id = useId();
  const { label, value, onChange, error, hint, className, ...rest } = props;
  const note = error ?? hint;
  return (
    <FieldFrame id={id} label={label} note={note} noteClass={error ? 'text-red-300' : 'text-slate-400'} className={className}>
      <div className="relative">
        <input
          {...inputProps(id, { value, onChange, error }, note)}
          type={isShown ? 'text' : 'password'}
          className={clsx(inputClass, 'pr-11', error && 'border-red-500/70')}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setIsShown((s) => !s)}
          aria-label={isShown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
        >
          {isShown ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
        </button>
      </div>
    </FieldFrame>
  );
}

export function SubmitButton({
  isLoading,
  loadingLabel,
  label,
  isDisabled,
}: {
  isLoading: boolean;
  loadingLabel: string;
  label: string;
  isDisabled?: boolean;
}) {
  return (
    <button type="submit" disabled={isLoading || isDisabled} className="btn-primary mt-2 w-full justify-center py-3 text-base">
      {isLoading ? loadingLabel : label}
    </button>
  );
}

type FormFieldProps<T extends FieldValues> = Omit<FieldProps, 'value' | 'onChange' | 'error' | 'label'> & {
  control: Control<T>;
  name: Path<T>;
  /** Applied to every change (input filters such as digits only). */
  transform?: (value: string) => string;
  /** What shows under the field; by default the field's validation error. */
  error?: string | null;
};

/** The value, change, blur and error of a react-hook-form field, for the fields above. */
function useFieldBinding<T extends FieldValues>({ control, name, transform, error, onBlur }: FormFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return {
    ref: field.ref,
    value: (field.value as string | undefined) ?? '',
    onChange: (v: string) => field.onChange(transform ? transform(v) : v),
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      field.onBlur();
      onBlur?.(e);
    },
    error: error === undefined ? (fieldState.error?.message ?? null) : error,
  };
}

/** A TextField bound to a react-hook-form field. */
export function FormTextField<T extends FieldValues>(props: FormFieldProps<T> & { label: string }) {
  const { control, name, transform, error, onBlur, ...rest } = props;
  return <TextField {...rest} {...useFieldBinding(props)} />;
}
/** A PasswordField bound to a react-hook-form field. */
export function FormPasswordField<T extends FieldValues>(props: FormFieldProps<T> & { label: string }) {
  const { control, name, transform, error, onBlur, ...rest } = props;
  return <PasswordField {...rest} {...useFieldBinding(props)} />;
}
/** An EmailField bound to a react-hook-form field. */
export function FormEmailField<T extends FieldValues>(props: FormFieldProps<T> & { label?: string }) {
  const { control, name, transform, error, onBlur, ...rest } = props;
  return <EmailField {...rest} {...useFieldBinding(props)} />;
}
