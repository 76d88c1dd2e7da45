import { Trans, useLingui } from '@lingui/react/macro';
import { ImageOff } from 'lucide-react';
import { useQuestionImage } from '@/features/chat/api/get-question-image';

/** The image a question was asked with (issue 13), fetched for its owner; a small thumbnail above the text. */
export function QuestionImage({ chatId, messageId }: { chatId: string; messageId: string }) {
  const { t } = useLingui();
  const { url, isError } = useQuestionImage(chatId, messageId, true);
  if (isError) {
    return (
      <p className="mb-2 flex items-center gap-1 text-xs text-slate-400">
        <ImageOff className="size-3.5" aria-hidden="true" /> <Trans>The image could not be loaded.</Trans>
      </p>
    );
  }
  return (
    <div className="mb-2 h-24 w-32 overflow-hidden rounded-lg border border-white/10 bg-black/30" data-testid="question-image">
      {url && <img src={url} alt={t`Sent with this question`} className="h-full w-full object-cover" />}
    </div>
  );
}
