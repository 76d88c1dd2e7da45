import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef } from 'react';

export const PROMPT_MAX_HEIGHT_PX = 120;

type PromptBoxProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (prompt: string) => void;
  placeholder?: string;
  label?: string;
  isDisabled?: boolean;
  className?: string;
};

/** The prompt box: grows to 120 px, Enter sends, Shift+Enter adds a line, blank text cannot be sent. */
export function PromptBox({ value, onChange, onSubmit, placeholder, label, isDisabled = false, className }: PromptBoxProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const { t } = useLingui();
  const canSend = value.trim().length > 0 && !isDisabled;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, PROMPT_MAX_HEIGHT_PX)}px`;
  }, [value]);

  // Text typed into the prerendered landing page before React took it over (decision 017) is kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the box is first drawn
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
  }, []);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (canSend) onSubmit(value.trim());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      className={clsx(
        'flex items-end gap-2 rounded-2xl border border-white/10 bg-panel/80 p-2 shadow-2xl backdrop-blur focus-within:border-neon-cyan/60',
        className,
      )}
    >
      <textarea
        ref={ref}
        rows={1}
        value={value}
        aria-label={label ?? t`Your prompt`}
        placeholder={placeholder ?? t`Ask anything…`}
        disabled={isDisabled}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        style={{ maxHeight: PROMPT_MAX_HEIGHT_PX }}
        className="field-sizing-content min-h-10 flex-1 resize-none bg-transparent px-3 py-2 text-base text-slate-100 placeholder:text-slate-400 focus:outline-none"
      />
      <button type="submit" disabled={!canSend} aria-label={t`Send`} className="btn-primary size-10 justify-center p-0">
        <SendHorizontal className="size-5" aria-hidden="true" />
      </button>
    </form>
  );
}
