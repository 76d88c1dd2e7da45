import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PromptBox } from '@/components/prompt-box';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { chatsApi } from '@/features/chat/api/chats-api';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { RefinedPrompts } from '@/features/chat/components/refined-prompts';
import { ResultsOverlay } from '@/features/chat/components/results-overlay';
import { useAnswerStream } from '@/features/chat/hooks/use-answer-stream';
import { useRefinedPrompts } from '@/features/chat/hooks/use-refined-prompts';
import type { Submission, SubmissionState } from '@/features/chat/lib/submission';
import { getSession, historyOf, upsertSession } from '@/features/chat/stores/chat-sessions';

export function SubmissionRoute() {
  const { chatId = '' } = useParams();
  const navigate = useNavigate();
  const state = useLocation().state as SubmissionState | null;
  const [session, setSession] = useState(() => getSession(chatId));
  const [isLookingUp, setIsLookingUp] = useState(!session);
  const [latest, setLatest] = useState<Submission | null>(
    state?.latest ?? (session ? { prompt: session.originalPrompt, mode: session.mode, chatId } : null),
  );
  const refine = useRefinedPrompts();
  const answer = useAnswerStream();
  const [busyPrompt, setBusyPrompt] = useState<string | null>(null);
  const [isUsing, setIsUsing] = useState(false);
  // 'Use' keeps the prompt cards (spinner, others blurred) until the first answer arrives, then opens the results.
  const showResults = isUsing && (answer.cards.length > 1 || answer.cards.some((c) => c.content) || !answer.isLoading);
  const [minimized, setMinimized] = useState<string[]>(session?.minimizedResponses ?? []);
  const [followUp, setFollowUp] = useState('');
  const started = useRef<string | null>(null);

  // The server may know more of this chat than this device (another browser of the same user).
  useEffect(() => {
    chatsApi
      .get(chatId)
      .then((remote) => {
        const local = getSession(chatId);
        if (remote && (!local || remote.messages.length > local.messages.length)) {
          upsertSession(remote, { sync: false });
          setSession(remote);
          setLatest((l) => l ?? { prompt: remote.originalPrompt, mode: remote.mode, chatId });
        }
      })
      .catch((err: unknown) => console.error('Could not load the chat', err))
      .finally(() => setIsLookingUp(false));
  }, [chatId]);

  useEffect(() => {
    if (!latest || started.current === latest.prompt) return;
    started.current = latest.prompt;
    void refine.refine({ prompt: latest.prompt, chatId, mode: latest.mode });
  }, [latest, chatId, refine.refine]);

  if (isLookingUp && !session) {
    return (
      <div className="grid min-h-dvh place-items-center">
        <Spinner className="size-8 text-neon-cyan" label="Loading the chat" />
      </div>
    );
  }

  if (!latest || !session) {
    return (
      <div className="flex min-h-dvh flex-col">
        <ChatHeader back={{ label: 'Back', onClick: () => navigate(paths.chat) }} />
        <main id="main" className="grid flex-1 place-items-center px-4 text-center">
          <div>
            <h1 className="text-2xl font-bold text-white">Chat not found</h1>
            <p className="mt-2 text-slate-300">This chat does not exist on this device or belongs to someone else.</p>
            <Link to={paths.chat} className="btn-primary mt-6">
              Start a new chat
            </Link>
          </div>
        </main>
      </div>
    );
  }

  const use = async (prompt: string) => {
    setBusyPrompt(prompt);
    setIsUsing(true);
    const current = getSession(chatId) ?? session;
    setSession(current);
    const best = await answer.run({ prompt, chatId, mode: latest.mode, history: historyOf(current) });
    setBusyPrompt(null);
    const now = Date.now();
    upsertSession({
      ...current,
      selectedRefinedPrompt: prompt,
      updatedAt: now,
      messages: best
        ? [
            ...current.messages,
            { id: crypto.randomUUID(), role: 'user', content: prompt, timestamp: now },
            { id: crypto.randomUUID(), role: 'assistant', content: best, timestamp: now, modelId: 'sangam' },
          ]
        : current.messages,
    });
  };

  const saveMinimized = (ids: string[]) => {
    setMinimized(ids);
    const s = getSession(chatId);
    if (s) upsertSession({ ...s, minimizedResponses: ids });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <ChatHeader back={{ label: 'Back', onClick: () => navigate(paths.chat, { state: { fromSubmission: true } }) }} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <h1 className="mb-6 text-xl font-semibold text-white">
          Refined prompt options powered by {latest.mode === 'universe' ? 'Universe mode' : 'Sangam mode'}
        </h1>
        {session.messages.length > 0 && !showResults && (
          <details className="card mb-6 p-4">
            <summary className="cursor-pointer text-sm font-semibold text-slate-200">
              Conversation so far ({session.messages.length} messages)
            </summary>
            <ol className="mt-3 grid gap-2 text-sm">
              {session.messages.map((m) => (
                <li key={m.id} className={m.role === 'user' ? 'text-neon-cyan' : 'text-slate-200'}>
                  <span className="font-semibold">{m.role === 'user' ? 'You' : 'Sangam'}:</span> {m.content.slice(0, 400)}
                </li>
              ))}
            </ol>
          </details>
        )}
        {showResults ? (
          <ResultsOverlay
            mode={latest.mode}
            cards={answer.cards}
            isLoading={answer.isLoading}
            quotaExceeded={answer.quotaExceeded}
            minimized={minimized}
            onMinimize={saveMinimized}
            onContinue={(card) => {
              saveMinimized(answer.cards.filter((c) => c.id !== card.id).map((c) => c.id));
              const s = getSession(chatId);
              if (s) upsertSession({ ...s, activeModelId: card.modelId ?? null });
            }}
            onEdit={(id, content) => answer.setCards((cs) => cs.map((c) => (c.id === id ? { ...c, content } : c)))}
            onBack={() => setIsUsing(false)}
          />
        ) : (
          <RefinedPrompts prompt={latest.prompt} refine={refine} onUse={use} busyPrompt={busyPrompt} />
        )}
        {showResults && !answer.isLoading && (
          <PromptBox
            className="mx-auto mt-10 max-w-2xl"
            value={followUp}
            onChange={setFollowUp}
            label="Follow-up prompt"
            placeholder="Ask a follow-up…"
            onSubmit={(p) => {
              setFollowUp('');
              setIsUsing(false);
              setLatest({ prompt: p, mode: latest.mode, chatId });
            }}
          />
        )}
      </main>
    </div>
  );
}
