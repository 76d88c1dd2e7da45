import fs from 'node:fs';
import pino from 'pino';
import { loadConfig } from '@/env';
import { downloadTarget, LOCAL_MODEL } from '@/lib/llm/local-llama';
import { DownloadError, downloadFile } from '@/lib/llm/local-model/download';
import { createProgressPrinter, WAYS_OUT } from '@/lib/llm/local-model/status';
import { modelsFromEnv, readModelsFile } from '@/lib/llm/models-config';

/**
 * `npm run models -- pull`: downloads the local model ahead of time (a progress bar on a terminal).
 * `npm run models -- list`: the models configured (MODELS_FILE or provider keys) and the local model's file.
 */
const [command] = process.argv.slice(2);
const config = loadConfig();
const url = config.LOCAL_MODEL_URL ?? LOCAL_MODEL.url;
const file = config.LOCAL_MODEL_PATH ?? downloadTarget(config.dataDir, url);
const out = (line: string) => process.stdout.write(`${line}\n`);

async function pull() {
  if (config.LOCAL_MODEL_PATH) return out(`LOCAL_MODEL_PATH is set: ${file} is used as it is, nothing to download.`);
  if (fs.existsSync(file)) return out(`Already downloaded: ${file}`);
  fs.mkdirSync(downloadTarget(config.dataDir, url).replace(/[^/\\]+$/, ''), { recursive: true });
  out(`Downloading ${LOCAL_MODEL.name} from ${new URL(url).host} into ${file}`);
  const printer = createProgressPrinter({
    log: pino({ level: 'info' }),
    isTty: process.stderr.isTTY === true,
    write: (s) => process.stderr.write(s),
  });
  try {
    await downloadFile({ url, file, sha256: config.LOCAL_MODEL_SHA256, onProgress: printer.update });
    printer.done();
    out(`Ready: ${file} (${Math.round(fs.statSync(file).size / 1024 / 1024)} MB)`);
  } catch (err) {
    printer.done();
    const why = err instanceof DownloadError && err.kind === 'offline' ? 'could not start (offline?)' : 'failed';
    process.stderr.write(`The download ${why}: ${(err as Error).message}\n${WAYS_OUT}\n`);
    process.exitCode = 1;
  }
}

function list() {
  const specs = config.MODELS_FILE ? readModelsFile(config.MODELS_FILE) : modelsFromEnv(process.env);
  out(config.MODELS_FILE ? `Models from MODELS_FILE ${config.MODELS_FILE}:` : 'Models from provider keys in the environment:');
  if (specs.length === 0) out('  (none)');
  for (const s of specs) out(`  ${s.id.padEnd(20)} ${s.provider.padEnd(18)} ${s.model}  [${s.roles.join(', ')}]`);
  const usesLocal = specs.some((s) => s.provider === 'local') || (specs.length === 0 && config.LOCAL_MODEL === 'auto');
  if (!usesLocal) return out(`Local model: not used${config.LOCAL_MODEL === 'off' ? ' (LOCAL_MODEL=off)' : ''}.`);
  const ready = fs.existsSync(file);
  out(`Local model: ${LOCAL_MODEL.name}`);
  out(
    `  file  ${file} ${ready ? `(ready, ${Math.round(fs.statSync(file).size / 1024 / 1024)} MB)` : '(not downloaded yet: npm run models -- pull)'}`,
  );
  if (!config.LOCAL_MODEL_PATH) out(`  from  ${url}${config.LOCAL_MODEL_SHA256 ? ` (SHA-256 ${config.LOCAL_MODEL_SHA256})` : ''}`);
}

if (command === 'pull') await pull();
else if (command === 'list') list();
else {
  process.stderr.write('Usage: npm run models -- pull | list\n');
  process.exitCode = 2;
}
