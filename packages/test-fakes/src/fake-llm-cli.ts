// `npm run fake-llm -- --port N`: the fake OpenAI-compatible upstream on its own, for benchmarks and manual runs.
import { startFakeLlm } from './fake-llm';

const portArg = process.argv.indexOf('--port');
const port = portArg > -1 ? Number(process.argv[portArg + 1]) : 0;
const fake = await startFakeLlm({ port });
process.stdout.write(`fake OpenAI-compatible upstream on ${fake.url}/v1 (POST /__control, POST /__reset, GET /__requests)\n`);
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
