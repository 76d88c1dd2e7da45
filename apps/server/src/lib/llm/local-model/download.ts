import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';

export type DownloadProgress = { receivedBytes: number; totalBytes?: number };

/** Why a download failed: it never started (offline), the file is corrupt, or it broke off for good. */
export class DownloadError extends Error {
  constructor(
    readonly kind: 'offline' | 'corrupt' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** The SHA-256 of a file, in lowercase hex, read as a stream. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Total size from a 200's Content-Length or a 206's Content-Range ("bytes 10-99/100"). */
function totalOf(res: Response, offset: number): number | undefined {
  const range = res.headers.get('content-range')?.match(/\/(\d+)$/);
  if (range) return Number(range[1]);
  const length = Number(res.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? length + offset : undefined;
}

/**
 * Downloads `url` into `file`: bytes go to `file.part`, a cut connection resumes where it stopped
 * (HTTP Range) up to `retries` times, a given `sha256` must match before the part is renamed into
 * place (a mismatch deletes it), and the first request failing (no network) is `offline`.
 */
export async function downloadFile({
  url,
  file,
  sha256,
  onProgress,
  signal,
  retries = 5,
  retryDelayMs = 500,
  connectTimeoutMs = 30_000,
}: {
  url: string;
  file: string;
  sha256?: string;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  retries?: number;
  retryDelayMs?: number;
  connectTimeoutMs?: number;
}): Promise<void> {
  const part = `${file}.part`;
  let started = false;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await wait(retryDelayMs * attempt, signal);
    const offset = fs.existsSync(part) ? fs.statSync(part).size : 0;
    let res: Response;
    try {
      const headers: Record<string, string> = offset > 0 ? { range: `bytes=${offset}-` } : {};
      const timeout = AbortSignal.timeout(connectTimeoutMs);
      res = await fetch(url, { headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'follow' });
    } catch (err) {
      if (signal?.aborted) throw err;
      lastError = err;
      if (!started) throw new DownloadError('offline', `could not reach ${new URL(url).host}: ${(err as Error).message}`);
      continue;
    }
    if (res.status === 416 && offset > 0) {
      // The part is as long as the file (or longer): check it as it is.
      await res.body?.cancel();
      lastError = undefined;
      break;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new DownloadError(started ? 'failed' : 'offline', `${new URL(url).host} answered HTTP ${res.status}`);
    }
    started = true;
    const resumed = res.status === 206 && offset > 0;
    const total = totalOf(res, resumed ? offset : 0);
    let received = resumed ? offset : 0;
    onProgress?.({ receivedBytes: received, totalBytes: total });
    const out = fs.createWriteStream(part, { flags: resumed ? 'a' : 'w' });
    try {
      await pipeline(
        res.body,
        async function* count(source: AsyncIterable<Uint8Array>) {
          for await (const chunk of source) {
            received += chunk.length;
            onProgress?.({ receivedBytes: received, totalBytes: total });
            yield chunk;
          }
        },
        out,
      );
    } catch (err) {
      if (signal?.aborted) throw err;
      lastError = err;
      continue;
    }
    if (total !== undefined && received < total) {
      lastError = new Error(`the connection closed at ${received} of ${total} bytes`);
      continue;
    }
    lastError = undefined;
    break;
  }
  if (lastError !== undefined)
    throw new DownloadError('failed', `the download broke off ${retries + 1} times: ${(lastError as Error).message}`);
  if (sha256) {
    const actual = await sha256File(part);
    if (actual !== sha256.toLowerCase()) {
      fs.rmSync(part, { force: true });
      throw new DownloadError('corrupt', `the downloaded file's SHA-256 is ${actual}, not the expected ${sha256.toLowerCase()}`);
    }
  }
  fs.renameSync(part, file);
}
