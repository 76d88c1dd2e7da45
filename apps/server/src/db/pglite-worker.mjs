// The embedded database's own thread (issue 22): PGlite runs PostgreSQL compiled to WebAssembly, and
// every statement it runs holds the thread that runs it. Here, in a worker thread, a statement no
// longer holds the server's event loop: HTTP, streams and /healthz go on while it runs, on the other
// core. `pglite-thread.ts` is the other end. Plain JavaScript: the worker is loaded as is, by the
// tests from `src/db` and by the built server from `dist` (build.mjs copies it).
//
// Messages in: { id, op: 'query', text, params, rowMode, rawTypes } | { id, op: 'exec', text } | { id, op: 'close' }.
// Messages out: { id, result } | { id, error: { message, name, props } }, in the order the statements ran.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { location, startParams } = workerData;
const db = new PGlite(location, { startParams });

/** The parsers of `rawTypes`: each of these types is returned as PostgreSQL's text, as drizzle asks. */
const asText = (value) => value;
const parsersByTypes = new Map();
const parsersFor = (rawTypes) => {
  if (!rawTypes?.length) return undefined;
  const key = rawTypes.join(',');
  let parsers = parsersByTypes.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((oid) => [oid, asText]));
    parsersByTypes.set(key, parsers);
  }
  return parsers;
};

/** An error as plain data (structured clone keeps only an Error's message): SQLSTATE and details too. */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', props: {} };
  const props = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) continue;
    props[key] = value;
  }
  return { message: err.message, name: err.name, props };
}

/** The statements run one after another, in the order they came (PGlite has one connection). */
let tail = db.waitReady;
parentPort.on('message', (message) => {
  tail = tail.then(async () => {
    try {
      if (message.op === 'close') {
        await db.close();
        parentPort.postMessage({ id: message.id, result: null });
        parentPort.close();
        return;
      }
      const outcome =
        message.op === 'exec'
          ? await db.exec(message.text)
          : await db.query(message.text, message.params, { rowMode: message.rowMode, parsers: parsersFor(message.rawTypes) });
      const result = Array.isArray(outcome)
        ? outcome.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }))
        : { rows: outcome.rows, fields: outcome.fields, affectedRows: outcome.affectedRows };
      parentPort.postMessage({ id: message.id, result });
    } catch (err) {
      parentPort.postMessage({ id: message.id, error: errorData(err) });
    }
  });
});

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: errorData(err) }),
);
