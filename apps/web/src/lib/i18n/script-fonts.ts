import { LOCALES } from '@sangam/contracts';

/**
 * The longest the first render (or a switch of language) waits for the language's script face; past
 * it the text shows in a fallback and the face swaps in when it arrives (`font-display: swap`).
 */
export const SCRIPT_FONT_WAIT_MS = 2500;

/** The self-hosted face of a language's script (styles/fonts.css), or none for Latin. */
export function scriptFontFamily(locale: string): string | null {
  const language = LOCALES.find((l) => l.code === locale);
  return language && language.script !== 'Latin' ? `Noto Sans ${language.script} Variable` : null;
}

/**
 * Loads the script face of a language before its text is shown, so the text is laid out once, in its
 * final face, and nothing shifts when the font arrives. Resolves (never rejects) once the face is
 * ready, failed, or took longer than SCRIPT_FONT_WAIT_MS; at once for English and where the browser
 * has no font loading API.
 */
export function loadScriptFont(locale: string): Promise<void> {
  const family = scriptFontFamily(locale);
  if (!family || typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  const sample = LOCALES.find((l) => l.code === locale)?.nativeName ?? '';
  return new Promise((resolve) => {
    const late = setTimeout(resolve, SCRIPT_FONT_WAIT_MS);
    document.fonts
      .load(`1em "${family}"`, sample)
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(late);
        resolve();
      });
  });
}
