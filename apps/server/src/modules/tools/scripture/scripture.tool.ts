import { SCRIPTURES, type Scripture, type ScriptureId, TOOL_PREFIXES } from '@sangam/contracts';
import { checkCitations } from '@/modules/tools/scripture/citations';
import { SOURCES } from '@/modules/tools/scripture/sources';
import type { Tool } from '@/modules/tools/tool';

/** The first line names the book: `BOOK_ID:gita`. */
const BOOK_LINE = new RegExp(`^${TOOL_PREFIXES.scripture}([a-z-]+)\\s*\\n?`);

/** What each book's citations are checked against, told to the models with the book's own instructions. */
const CHECKED_AGAINST: Record<ScriptureId, string> = {
  gita: 'the 700-verse numbering of the Gita Press edition (18 chapters)',
  bible: `the ${SOURCES.kjv}`,
  'guru-granth-sahib': 'the 1430 Angs of the standard edition',
  torah: `the Hebrew versification of the ${SOURCES.tanakh}`,
  tripitaka: 'the number of verses, suttas or chapters of the collections most often cited (Dhammapada 423 verses)',
  agamas: 'the number of chapters of the texts most often cited',
  avesta: 'the number of chapters of the Yasna, Visperad, Vendidad and Yashts',
  quran: `the ${SOURCES.quran}`,
};

/** The server's instructions for a book: the book's prompt (shared with the web, docs/spec-rules.md §7) and how its citations are checked. */
export function scriptureSystem(book: Scripture): string {
  return `${book.systemPrompt} Your citations are checked against ${CHECKED_AGAINST[book.id]}; a reference that does not exist there is marked "(reference not found)" to the reader.`;
}

/**
 * 'BOOK_ID:{id}' + the book's system prompt + the question. The instructions used are the server's
 * own; the client's copy of the system prompt is removed and only the question is user content.
 * `check` verifies every citation (and quotes the KJV beside Bible citations).
 */
export const scriptureTool: Tool<'scripture'> = {
  id: 'scripture',
  matches: (prompt) => BOOK_LINE.test(prompt),
  prepare: async ({ prompt }) => {
    const id = BOOK_LINE.exec(prompt)?.[1] as ScriptureId | undefined;
    const book = SCRIPTURES.find((s) => s.id === id);
    let question = prompt.replace(BOOK_LINE, '');
    if (book && question.startsWith(book.systemPrompt)) question = question.slice(book.systemPrompt.length);
    question = question.trim();
    if (!book)
      return { system: 'You answer questions about the world’s scriptures respectfully and accurately.', user: question || prompt };
    return {
      system: scriptureSystem(book),
      user: question || `Share a central teaching of the ${book.name}.`,
      facts: { bookId: book.id, citations: [] },
    };
  },
  check: async ({ answer, facts }) => {
    if (!facts) return { answer };
    const checked = checkCitations(facts.bookId, answer);
    return { answer: checked.text, facts: { ...facts, citations: checked.citations } };
  },
};
