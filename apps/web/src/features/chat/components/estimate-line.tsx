import type { ChatMode } from '@sangam/contracts';
import { useEstimate } from '@/features/chat/api/get-estimate';
import { useDebouncedValue } from '@/features/chat/hooks/use-debounced-value';
import { estimateText } from '@/features/chat/lib/fusion';

/** The estimate is asked once typing pauses this long. */
export const ESTIMATE_DEBOUNCE_MS = 400;

/**
 * Under the prompt box in Universe mode, before sending: "5 models, about ₹0.84 of your plan" (tokens
 * when no model has a price). Nothing while the box is empty, and nothing when the estimate fails.
 */
export function EstimateLine({ mode, text, chatId }: { mode: ChatMode; text: string; chatId?: string }) {
  const chars = useDebouncedValue(text.trim().length, ESTIMATE_DEBOUNCE_MS);
  const isEnabled = mode === 'universe' && chars > 0;
  const estimate = useEstimate({ mode, chars, chatId }, isEnabled);
  const isShown = isEnabled && !!text.trim() && !estimate.isError && !!estimate.data;
  return (
    <div aria-live="polite" className="empty:hidden">
      {isShown && estimate.data && (
        <p className="px-2 text-xs text-slate-300" data-testid="estimate">
          {estimateText(estimate.data)}
        </p>
      )}
    </div>
  );
}
