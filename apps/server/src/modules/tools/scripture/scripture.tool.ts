import { SCRIPTURES, type ScriptureFacts, type ScriptureId } from '@sangam/contracts';
import { checkCitations } from '@/modules/tools/scripture/citations';
import type { ToolHandler } from '@/modules/tools/tool-registry';

const BOOK_LINE = /^BOOK_ID:([a-z-]+)\s*\n?/;

/**
 * 'BOOK_ID:{id}' + the book's system prompt + the question. The instructions used are the server's
 * own; the client's copy of the system prompt is removed and only the question is user content.
 */
export const scriptureTool: ToolHandler = {
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
    const facts: ScriptureFacts = { bookId: book.id, citations: [] };
    return { system: book.systemPrompt, user: question || `Share a central teaching of the ${book.name}.`, facts };
  },
  finalize: async ({ answer, facts }) => {
    const f = facts as ScriptureFacts | undefined;
    if (!f) return { answer, facts };
    const checked = checkCitations(f.bookId, answer);
    return { answer: checked.text, facts: { ...f, citations: checked.citations } satisfies ScriptureFacts };
  },
};
