import { type Scripture, scripturePrompt } from '@sangam/contracts';
import type { ToolRequest } from '@/lib/agent/tool-client';

/** One book's GenerateAnswer: 'BOOK_ID:{id}', the book's system prompt, then the question (docs/spec-rules.md §7). */
export const bookRequest = (book: Scripture, question: string): ToolRequest => ({
  prompt: scripturePrompt(book, question),
  requestIdPrefix: `${book.id}_`,
});
