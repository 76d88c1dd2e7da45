import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES } from '@sangam/contracts';
import { chooseLocale, type UiLocale } from '@/lib/i18n/locale';

/**
 * Profile's language: the same choice as the header's language menu, each language in its own
 * script. Signed in, the choice is kept on the profile, so it follows the user to other devices.
 */
export function LanguageSetting() {
  const { i18n } = useLingui();
  return (
    <section className="card mt-6" aria-labelledby="language-heading">
      <h2 id="language-heading" className="text-lg font-semibold text-white">
        <Trans>Language</Trans>
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-300">
        <Trans>Sangam's screens and the mails we send you use this language, on every device you sign in on.</Trans>
      </p>
      <label htmlFor="profile-language" className="sr-only">
        <Trans>Language</Trans>
      </label>
      <select
        id="profile-language"
        value={i18n.locale}
        onChange={(e) => void chooseLocale(e.target.value as UiLocale)}
        className="w-full rounded-lg border border-white/10 bg-black/30 px-3 py-2.5 text-slate-100 sm:w-auto"
      >
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </section>
  );
}
