/**
 * A mistake of the person running `npm run eval` (a missing file, a bad option, a provider that cannot
 * be reached): printed as one clear message, never with a stack trace.
 */
export class EvalUserError extends Error {
  override name = 'EvalUserError';
}
