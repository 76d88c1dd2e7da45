import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMode } from '@sangam/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ModelStatusNotice } from '@/components/first-run/model-status-notice';
import { PromptBox } from '@/components/prompt-box';
import { paths } from '@/config/paths';
import { BattleArena } from '@/features/arena/components/battle-arena';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { ChatThread } from '@/features/chat/components/chat-thread';
import { EstimateLine } from '@/features/chat/components/estimate-line';
import { HistoryList } from '@/features/chat/components/history-list';
import { ModeSwitch } from '@/features/chat/components/mode-switch';
import type { Submission, SubmissionState } from '@/features/chat/lib/submission';
import { takePendingPrompt } from '@/lib/pending-prompt';

/** /chat: the start screen and the user's chats; /chat/{chatId}: that chat's whole thread. */
export function ChatRoute() {
  const { chatId } = useParams();
  if (chatId) return <ChatThread key={chatId} chatId={chatId} initial={null} />;
  return <ChatStart />;
}

function ChatStart() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { prompt?: string; fromSubmission?: boolean } | null;
  const [mode, setMode] = useState<ChatMode>('sangam');
  const [input, setInput] = useState('');
  // Universe mode's Battle switch: two anonymous models, a vote, then the names (the arena).
  const [isBattle, setIsBattle] = useState(false);
  const usedLanding = useRef(false);

  /** A new chat: the server creates it with the first answer; the id is made here. */
  const send = (prompt: string, asMode: ChatMode = mode) => {
    const chatId = crypto.randomUUID();
    const latest: Submission = { prompt, mode: asMode, chatId };
    const next: SubmissionState = { latest };
    setInput('');
    navigate(paths.submission(chatId), { state: next });
  };

  // A prompt carried from the landing page (in navigation state, or kept through sign-in) is sent once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the carried prompt
  useEffect(() => {
    if (usedLanding.current) return;
    usedLanding.current = true;
    const kept = takePendingPrompt();
    const prompt = state?.prompt ?? kept;
    if (prompt) send(prompt);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <ChatHeader back={state?.fromSubmission ? { label: t`Back`, onClick: () => navigate(-1) } : undefined} />
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-12">
        <h1 className="mb-8 w-full text-center text-3xl font-bold break-words text-white sm:text-4xl">
          <Trans>What would you like to know?</Trans>
        </h1>
        <ModeSwitch mode={mode} onChange={setMode} />
        {mode === 'universe' && (
          <button
            type="button"
            aria-pressed={isBattle}
            onClick={() => setIsBattle((b) => !b)}
            className="mt-4 rounded-full border border-white/15 px-4 py-1.5 text-sm font-semibold text-slate-200 hover:text-white focus-visible:outline-2 focus-visible:outline-neon-cyan"
          >
            {isBattle ? <Trans>Battle on</Trans> : <Trans>Battle off</Trans>}
          </button>
        )}
        {mode === 'universe' && isBattle ? (
          <div className="mt-8 w-full max-w-4xl">
            <BattleArena initialPrompt={input} />
          </div>
        ) : (
          <div className="mt-8 grid w-full max-w-2xl gap-1">
            <ModelStatusNotice className="mb-3" />
            <PromptBox value={input} onChange={setInput} onSubmit={(p) => send(p)} label={t`Your prompt`} placeholder={t`Ask anything…`} />
            <EstimateLine mode={mode} text={input} />
          </div>
        )}
        <HistoryList onOpen={(id) => navigate(paths.chatById(id))} />
      </main>
    </div>
  );
}
