import { type AnswerResponse, type CheckedCitation, SCRIPTURES, type Scripture, scripturePrompt } from '@sangam/contracts';
import { useCallback, useState } from 'react';
import { callAgent, requestId } from '@/lib/agent-client';

export type BookAnswer = {
  id: string;
  book: Scripture;
  content: string;
  isLoading: boolean;
  citations: CheckedCitation[];
  requestId: string;
};

const shortId = () => Math.random().toString(36).slice(2, 10);

/** One GenerateAnswer per selected book, in parallel; a failed request is logged only. */
export function useScriptureAnswers() {
  const [answers, setAnswers] = useState<BookAnswer[]>([]);
  const [isLoading, setIsLoading] = useState(false);

  const ask = useCallback(async (bookIds: string[], question: string) => {
    const books = SCRIPTURES.filter((s) => bookIds.includes(s.id));
    const placeholders = books.map((book) => ({
      id: book.id,
      book,
      content: '',
      isLoading: true,
      citations: [],
      requestId: requestId(`${book.id}_`),
    }));
    setAnswers(placeholders);
    setIsLoading(true);
    const results = await Promise.all(
      placeholders.map(async (p): Promise<BookAnswer | null> => {
        try {
          const res = await callAgent<AnswerResponse>('GenerateAnswer', {
            prompt: scripturePrompt(p.book, question),
            chatId: shortId(),
            requestId: p.requestId,
          });
          const best = res.data?.best_output;
          const content =
            best === undefined || best === null ? `No response available from ${p.book.name}` : best.trim() ? best : 'No content available';
          const facts = res.data?.facts as { citations?: CheckedCitation[] } | undefined;
          return { ...p, content, isLoading: false, citations: facts?.citations ?? [] };
        } catch (err) {
          console.error(`Scripture request failed for ${p.book.name}`, err);
          return null;
        }
      }),
    );
    setAnswers(results.filter((r): r is BookAnswer => r !== null));
    setIsLoading(false);
  }, []);

  return { answers, setAnswers, isLoading, ask };
}
