import { encodeExtended } from 'content-disposition';

/** A downloaded file's name keeps at most this many characters (grapheme clusters) of the title. */
export const FILE_NAME_MAX_CHARS = 80;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
const trimDashes = (s: string) => s.replace(/^-+|-+$/g, '');

/** Letters, combining marks and digits of any script; every other run (spaces, emoji, quotes, controls, lone surrogates) becomes one '-'. */
function nameOf(title: string): string {
  const kept = trimDashes(title.normalize('NFC').replace(/[^\p{L}\p{M}\p{N}]+/gu, '-'));
  return trimDashes(
    Array.from(graphemes.segment(kept), (g) => g.segment)
      .slice(0, FILE_NAME_MAX_CHARS)
      .join(''),
  );
}

/** The US-ASCII letters and digits of a name, accents dropped ("Café" -> "Cafe"). */
const asciiOf = (name: string) =>
  trimDashes(
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9]+/g, '-'),
  );

/**
 * `attachment` with a file name made from user text in any script (RFC 6266): an ASCII
 * `filename="…"` for every client, and `filename*=UTF-8''…` (RFC 8187) when the name is not ASCII.
 * The value is always printable ASCII, so no title can make the header invalid.
 */
export function attachmentDisposition({ title, ext, fallback = 'chat' }: { title: string; ext: string; fallback?: string }): string {
  const base = nameOf(title) || fallback;
  const ascii = `${asciiOf(base) || fallback}.${ext}`;
  const name = `${base}.${ext}`;
  return name === ascii ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=${encodeExtended(name)}`;
}
