import { useLocation, useParams } from 'react-router';
import { ChatThread } from '@/features/chat/components/chat-thread';
import type { SubmissionState } from '@/features/chat/lib/submission';

/** /chat/{chatId}/submission: the thread, with the prompt options of the latest submission (navigation state). */
export function SubmissionRoute() {
  const { chatId = '' } = useParams();
  const state = useLocation().state as SubmissionState | null;
  return <ChatThread key={chatId} chatId={chatId} initial={state?.latest ?? null} />;
}
