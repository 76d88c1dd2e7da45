import { parse } from 'content-disposition';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, FILE_NAME_MAX_CHARS } from '@/lib/attachment';

const nameIn = (header: string) => parse(header).parameters.filename;

describe('attachmentDisposition', () => {
  it('keeps an ASCII name as a plain quoted filename', () => {
    expect(attachmentDisposition({ title: 'Export me', ext: 'md' })).toBe('attachment; filename="Export-me.md"');
  });

  it('keeps Hindi vowel signs and Tamil marks whole, with an ASCII fallback', () => {
    const header = attachmentDisposition({ title: 'नमस्ते, தமிழ்!', ext: 'json' });
    expect(header).toMatch(/^attachment; filename="chat\.json"; filename\*=UTF-8''[\x21-\x7e]+$/);
    expect(nameIn(header)).toBe('नमस्ते-தமிழ்.json');
  });

  it('replaces lone surrogates, controls and emoji, and cuts long titles at a whole character', () => {
    expect(nameIn(attachmentDisposition({ title: 'a\uD800b\uDC00c\r\n😀d', ext: 'md' }))).toBe('a-b-c-d.md');
    const long = nameIn(attachmentDisposition({ title: 'कि'.repeat(500), ext: 'md' }));
    expect(long).toBe(`${'कि'.repeat(FILE_NAME_MAX_CHARS)}.md`);
  });

  it('gives a printable ASCII header whose name has only letters, marks, digits and dashes, for any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 })), (title) => {
        const header = attachmentDisposition({ title, ext: 'md' });
        expect(header).toMatch(/^[\x20-\x7e]+$/);
        expect(nameIn(header)).toMatch(/^[\p{L}\p{M}\p{N}-]+\.md$/u);
      }),
      { numRuns: 2000 },
    );
  });
});
