import type { ChatMode } from '@sangam/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PromptBox } from '@/components/prompt-box';
import { paths } from '@/config/paths';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { HistoryList } from '@/features/chat/components/history-list';
import { ModeSwitch } from '@/features/chat/components/mode-switch';
import type { Submission, SubmissionState } from '@/features/chat/lib/submission';
import { type ChatSession, createSession, getSession, upsertSession } from '@/features/chat/stores/chat-sessions';

export function ChatRoute() {
  const { chatId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { prompt?: string; fromSubmission?: boolean } | null;
  const existing = chatId ? getSession(chatId) : undefined;
  const [mode, setMode] = useState<ChatMode>(existing?.mode ?? 'sangam');
  const [input, setInput] = useState('');
  const usedLanding = useRef(false);

  const send = (prompt: string, asMode: ChatMode = mode) => {
    const session: ChatSession = existing ?? createSession({ mode: asMode, prompt });
    upsertSession({ ...session, mode: asMode, updatedAt: Date.now() });
    const latest: Submission = { prompt, mode: asMode, chatId: session.chatId };
    const next: SubmissionState = { submissions: [latest], latest, chatId: session.chatId };
    setInput('');
    navigate(paths.submission(session.chatId), { state: next });
  };

  // A prompt carried from the landing page is sent once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the carried prompt
  useEffect(() => {
    if (state?.prompt && !usedLanding.current) {
      usedLanding.current = true;
      send(state.prompt);
    }
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <ChatHeader back={state?.fromSubmission ? { label: 'Back', onClick: () => navigate(-1) } : undefined} />
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-12">
        <h1 className="mb-8 text-center text-3xl font-bold text-white sm:text-4xl">What would you like to know?</h1>
        <ModeSwitch mode={mode} onChange={setMode} />
        <PromptBox
          className="mt-8 w-full max-w-2xl"
          value={input}
          onChange={setInput}
          onSubmit={(p) => send(p)}
          label="Your prompt"
          placeholder="Ask anything…"
        />
        <HistoryList
          onOpen={(s) =>
            navigate(paths.submission(s.chatId), {
              state: {
                submissions: [],
                latest: { prompt: s.originalPrompt, mode: s.mode, chatId: s.chatId },
                chatId: s.chatId,
                reopen: true,
              },
            })
          }
        />
      </main>
    </div>
  );
}
