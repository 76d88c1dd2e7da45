import { Trans, useLingui } from '@lingui/react/macro';
import { type AnswerLanguage, answerLanguageSchema, LOCALES } from '@sangam/contracts';
import { useState } from 'react';
import { authApi } from '@/lib/auth/auth-api';
import { userUpdated } from '@/lib/auth/auth-slice';
import { useSession } from '@/lib/auth/use-session';
import { useAppDispatch } from '@/lib/store';

type Status = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Settings' "Answer in": the language the models answer in, kept on the profile. "Same as my
 * question" (the default) follows the language each question is typed in, romanised Hindi included.
 */
export function AnswerLanguageSetting() {
  const { t } = useLingui();
  const { user } = useSession();
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<Status>('idle');
  const value: AnswerLanguage = user?.answerLanguage ?? 'same';

  const change = async (next: string) => {
    const parsed = answerLanguageSchema.safeParse(next);
    if (!parsed.success) return;
    setStatus('saving');
    try {
      const res = await authApi.updateProfile({ answerLanguage: parsed.data });
      dispatch(userUpdated(res.user));
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <section className="card mt-6" aria-labelledby="answer-language-heading">
      <h2 id="answer-language-heading" className="text-lg font-semibold text-white">
        <Trans>Answer in</Trans>
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-300">
        <Trans>The language the models answer in. "Same as my question" follows the language you type in, Hinglish included.</Trans>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <select
          aria-label={t`Answer in`}
          value={value}
          disabled={status === 'saving'}
          onChange={(e) => void change(e.target.value)}
          className="w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100 sm:w-auto"
        >
          <option value="same">{t`Same as my question`}</option>
          {LOCALES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.nativeName}
            </option>
          ))}
        </select>
        <p role="status" className="text-sm text-slate-300">
          {status === 'saved' && <Trans>Saved</Trans>}
          {status === 'failed' && <span className="text-red-300">{t`Could not save your choice. Please try again.`}</span>}
        </p>
      </div>
    </section>
  );
}
