import { useParams } from 'react-router';
import { SharedChat } from '@/features/chat/components/shared-chat';

/** /share/{shareId}: a chat someone shared (public, read-only, noindex). */
export function ShareRoute() {
  const { shareId = '' } = useParams();
  return <SharedChat shareId={shareId} />;
}
