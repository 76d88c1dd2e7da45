// The embedded database's own thread (issue 22): PGlite runs PostgreSQL compiled to WebAssembly, and
// every statement it runs holds the thread that runs it. Here, in a worker thread, a statement no
// longer holds the server's event loop: HTTP, streams and /healthz go on while it runs, on the other
// core. `pglite-thread.ts` is the other end. Plain JavaScript: the worker is loaded as is, by the
// tests from `src/db` and by the built server from `dist` (build.mjs copies it).
//
// Messages in: { id, op: 'query', text, params, rowMode, rawTypes } | { id, op: 'exec', text } | { id, op: 'close' }.
// Messages out: { id, result } | { id, error: { message, name, props } }, in the order the statements ran.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';

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

const { serialize } = protocol;
const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** Statements kept prepared, by text: parsed and planned once, then only bound and run. */
const prepared = new Map();
/** Beyond this many distinct texts a statement is parsed each time (texts built from a varying list, say). */
const MAX_PREPARED = 500;
let named = 0;
/** Only queries and changes of rows are kept prepared (not a migration's DDL, run once). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A statement with parameters in one trip through PostgreSQL's extended protocol: (Parse,) Bind,
 * Describe, Execute and Sync written together, where PGlite's `query` makes a trip for each of them
 * and one more to learn the parameters' types (6 in all). A text seen before runs as the named
 * statement its first run prepared, so it is neither parsed nor planned again (PostgreSQL replans it
 * itself when a table it reads changes). Together about 4 times less time per small statement.
 * The parameters go as node-postgres sends them (`prepareValue`: text, arrays as array literals,
 * objects as JSON, bytes in binary), untyped, so PostgreSQL infers their types as it does for the
 * same statements on the PostgreSQL path; the rows are read by PGlite's own parser with drizzle's
 * parsers, as `query` reads them. An error is PostgreSQL's, with its SQLSTATE; the Sync that ends
 * the message has already returned the session to idle (or to the failed transaction).
 */
async function queryInOneTrip(text, params, rowMode, parsers) {
  const name = prepared.get(text);
  const naming = name === undefined && prepared.size < MAX_PREPARED && PREPARABLE.test(text) ? `sangam_${++named}` : undefined;
  const parts = [];
  if (name === undefined) parts.push(serialize.parse({ text, name: naming }));
  parts.push(
    serialize.bind({ statement: name ?? naming, values: (params ?? []).map((value) => pgUtils.prepareValue(value)) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  );
  const { messages } = await db.execProtocol(concat(parts), { throwOnError: false });
  // Named once PostgreSQL has parsed it, whatever happened after (a constraint, say).
  if (naming && messages.some((m) => m.name === 'parseComplete')) prepared.set(text, naming);
  const failed = messages.find((m) => m.name === 'error');
  if (failed?.code === '0A000' && name !== undefined) {
    // "cached plan must not change result type": a table it reads changed shape; prepared anew.
    prepared.delete(text);
    return queryInOneTrip(text, params, rowMode, parsers);
  }
  if (failed) throw failed;
  return parse.parseResults(messages, db.parsers, { rowMode, parsers })[0];
}

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
          : await queryInOneTrip(message.text, message.params, message.rowMode, parsersFor(message.rawTypes));
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
