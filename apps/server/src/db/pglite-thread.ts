import { Worker } from 'node:worker_threads';

/** A statement's outcome as PGlite gives it (rows as objects, or arrays with `rowMode: 'array'`). */
export type ThreadResult = { rows: unknown[]; fields: Array<{ name: string; dataTypeID: number }>; affectedRows?: number };
type QueryOptions = { rowMode?: 'object' | 'array'; parsers?: Record<number, (value: string, typeId: number) => unknown> };
type Pending = { resolve: (result: never) => void; reject: (err: Error) => void };
/** The handle a transaction's callback gets (what drizzle's PGlite session calls on it). */
export type ThreadTransaction = {
  query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<ThreadResult>;
  exec: (text: string) => Promise<ThreadResult[]>;
};

/** An error thrown in the worker, rebuilt here with its SQLSTATE (`code`), detail, constraint and so on. */
function rebuilt(data: { message: string; name: string; props: Record<string, unknown> }): Error {
  const err = new Error(data.message) as Error & Record<string, unknown>;
  err.name = data.name;
  Object.assign(err, data.props);
  return err;
}

type Parsers = NonNullable<QueryOptions['parsers']>;
/** Each parsers object's types, checked once: drizzle passes the same object with every statement. */
const checkedParsers = new WeakMap<Parsers, number[]>();
/** The types `parsers` asks for as text; throws for a parser that does anything else. */
function rawTypesOf(parsers: Parsers): number[] {
  let rawTypes = checkedParsers.get(parsers);
  if (rawTypes) return rawTypes;
  rawTypes = [];
  for (const [oid, parse] of Object.entries(parsers)) {
    if (parse('\u0000text', Number(oid)) !== '\u0000text') throw new Error('Only parsers that return the text are supported.');
    rawTypes.push(Number(oid));
  }
  checkedParsers.set(parsers, rawTypes);
  return rawTypes;
}

/**
 * PGlite in a worker thread of its own (issue 22), with the part of PGlite's interface that drizzle
 * and `runRaw` use: `query`, `exec`, `transaction`, `close`. The server's event loop sends a statement
 * and goes on; the worker runs it on the other core and answers. Statements run in the order they
 * were sent. A transaction holds the connection: statements sent from outside it wait until it ends,
 * as they would in PGlite. Parsers must be drizzle's: types returned as text (`asText`); any other
 * parser is refused (a function cannot cross to the worker).
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  /** Settles when the transaction in progress ends; undefined when none is. */
  #transaction: Promise<void> | undefined;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: { id: number; result?: unknown; error?: Parameters<typeof rebuilt>[0] }) => {
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      if (message.error) waiting.reject(rebuilt(message.error));
      else waiting.resolve(message.result as never);
    });
    const fail = (err: Error) => {
      this.#failure ??= err;
      for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)));
  }

  /** Starts the worker and opens the database at `location` (a data directory or `memory://`). */
  static async open(location: string, startParams: string[]): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { location, startParams } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; error?: Parameters<typeof rebuilt>[0] }) => {
        if (message.ready === undefined) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.ready) resolve();
        else {
          void worker.terminate();
          reject(rebuilt(message.error ?? { message: 'The database did not start.', name: 'Error', props: {} }));
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteThread(worker);
  }

  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next;
    this.#next += 1;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #query(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<ThreadResult> {
    const rawTypes = options.parsers ? rawTypesOf(options.parsers) : undefined;
    return this.#send({ op: 'query', text, params, rowMode: options.rowMode, rawTypes });
  }

  async query(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResult> {
    // Checked again after each wait, and the statement sent in the same turn: nothing comes between.
    while (this.#transaction) await this.#transaction;
    return this.#query(text, params, options);
  }

  async exec(text: string): Promise<ThreadResult[]> {
    while (this.#transaction) await this.#transaction;
    return this.#send({ op: 'exec', text });
  }

  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    while (this.#transaction) await this.#transaction;
    let ended = () => {};
    this.#transaction = new Promise<void>((resolve) => {
      ended = resolve;
    });
    let open = true;
    const closedError = () => new Error('The transaction has ended.');
    const tx: ThreadTransaction = {
      query: (text, params, options) => (open ? this.#query(text, params, options) : Promise.reject(closedError())),
      exec: (text) => (open ? this.#send({ op: 'exec', text }) : Promise.reject(closedError())),
    };
    try {
      await this.#send({ op: 'exec', text: 'BEGIN' });
      const result = await work(tx);
      await this.#send({ op: 'exec', text: 'COMMIT' });
      return result;
    } catch (err) {
      await this.#send({ op: 'exec', text: 'ROLLBACK' }).catch(() => {});
      throw err;
    } finally {
      open = false;
      this.#transaction = undefined;
      ended();
    }
  }

  /** Closes the database and ends the worker. */
  async close(): Promise<void> {
    if (!this.#failure) await this.#send({ op: 'close' }).catch(() => {});
    this.#failure ??= new Error('The database is closed.');
    await this.#worker.terminate();
  }
}
