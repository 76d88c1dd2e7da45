/** FUSION_QUORUM: 'all' proposers, or a count k of n (capped at n). */
export type Quorum = number | 'all';

/** The defaults of FUSION_QUORUM and FUSION_DEADLINE_MS (README "Configuration"). */
export const FUSION_DEFAULTS = { quorum: 'all' as Quorum, deadlineMs: 15_000 };
/** USD_INR_RATE's default: rupees per US dollar for USD prices (a setting, not a live rate). */
export const USD_INR_RATE_DEFAULT = 88;

/** Why fusion may start. */
export type GateReason = 'quorum' | 'deadline' | 'all-ended' | 'aborted';

/**
 * When fusion may start: once `quorum` proposers have answered, or `deadlineMs` after the first one
 * answered (with at least that one), or when every proposer has ended (answered or failed), or when
 * the answer is aborted. Proposers still running afterwards run on; they are the late answers.
 */
export function fusionGate({
  total,
  quorum,
  deadlineMs,
  signal,
}: {
  total: number;
  quorum: Quorum;
  deadlineMs: number;
  signal: AbortSignal;
}) {
  const need = quorum === 'all' ? total : Math.min(Math.max(1, quorum), total);
  let done = 0;
  let ended = 0;
  let timer: NodeJS.Timeout | undefined;
  let open = false;
  let resolve: (why: GateReason) => void = () => {};
  const ready = new Promise<GateReason>((r) => {
    resolve = r;
  });
  const finish = (why: GateReason) => {
    if (open) return;
    open = true;
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    resolve(why);
  };
  const onAbort = () => finish('aborted');
  if (signal.aborted) finish('aborted');
  else signal.addEventListener('abort', onAbort, { once: true });
  if (total === 0) finish('all-ended');
  return {
    ready,
    /** Whether fusion has started (the answers ending from now on are late). */
    get isOpen() {
      return open;
    },
    /** One proposer ended; `answered` when it has an answer. */
    ended(answered: boolean) {
      ended += 1;
      if (answered) done += 1;
      if (done >= need) finish('quorum');
      else if (ended >= total) finish('all-ended');
      else if (answered && done === 1 && !open) timer = setTimeout(() => finish('deadline'), deadlineMs);
    },
  };
}
