import { stdSerializers } from 'pino';
import { databaseErrorCode, SQLSTATE } from '@/errors';

/** What stands in a log line for a failed statement's text and parameters. */
export const QUERY_NOT_LOGGED = 'Failed query (its text and parameters are not logged)';
/**
 * Fields that carry what users sent: a database error's (or drizzle's wrapper's) statement and values,
 * and a model provider's request and response bodies on the AI SDK's APICallError.
 */
const DATA_FIELDS = new Set(['query', 'params', 'detail', 'where', 'internalQuery', 'hint', 'requestBodyValues', 'responseBody']);

/**
 * drizzle wraps every database error as "Failed query: <sql>\nparams: <values>", with `query` and
 * `params` fields, and the database's own message and detail quote the values it refused ("invalid
 * input syntax for type integer: "…"", "Key (email)=(…) already exists"). The values are what users
 * sent (a prompt, an e-mail, a token's hash), so they must never reach a log line. The log's `err`
 * serializer writes the error as pino would, with those messages replaced (in the message and the
 * stack, through every `cause`) and those fields dropped, and keeps what an operator needs: the
 * error's kind, the SQLSTATE, the constraint or table it names and the stack's frames.
 */
export function serializeErrorWithoutQuery(err: unknown) {
  const replaced = new Map<string, string>();
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    const e = current as { message?: unknown; query?: unknown; params?: unknown; code?: unknown; cause?: unknown };
    if (typeof e.message === 'string' && e.message) {
      if (e.message.startsWith('Failed query:') || e.query !== undefined || e.params !== undefined)
        replaced.set(e.message, QUERY_NOT_LOGGED);
      else if (typeof e.code === 'string' && SQLSTATE.test(e.code)) replaced.set(e.message, `database error ${e.code}`);
    }
    current = e.cause;
  }
  // The longest first: a wrapper's message contains its cause's.
  const pairs = [...replaced].sort((a, b) => b[0].length - a[0].length);
  const sqlState = databaseErrorCode(err);
  return { ...scrub(stdSerializers.err(err as Error), pairs), ...(sqlState ? { sqlState } : {}) };
}

function scrub<T>(value: T, pairs: Array<[string, string]>): T {
  if (typeof value === 'string') {
    let text: string = value;
    for (const [secret, instead] of pairs) text = text.split(secret).join(instead);
    return text as T;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, pairs)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (!DATA_FIELDS.has(key)) out[key] = scrub(v, pairs);
    return out as T;
  }
  return value;
}
