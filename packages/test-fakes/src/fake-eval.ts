// `npm run eval:fake -- [eval options]`: `npm run eval` against the fake upstream, to see the harness
// work without provider keys. The models are scripted and their figures mean nothing: Alpha answers
// with the first half of the question's words, Beta with the last third, the aggregator with two in
// three of the candidates' words, and the judge prefers the answer that covers more of the question's words
// (but picks Answer 1 when the two are within one word: a position bias the swap turns into a tie).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeRequest, startFakeLlm } from './fake-llm';

const userText = (req: FakeRequest) => {
  const content = req.messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof content === 'string' ? content : '';
};
const words = (text: string) => [...new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? [])];
const between = (text: string, start: string, end: string) => text.split(start)[1]?.split(end)[0] ?? '';

function judge(req: FakeRequest) {
  const user = userText(req);
  const question = words(between(user, 'Question:\n', '\n\n### Answer 1'));
  const cover = (answer: string) => words(answer).filter((w) => question.includes(w)).length;
  const [one, two] = [
    cover(between(user, '### Answer 1\n', '\n\n### Answer 2')),
    cover(between(user, '### Answer 2\n', '\n\nWhich answer')),
  ];
  const winner = Math.abs(one - two) <= 1 && one !== two ? '1' : one > two ? '1' : one < two ? '2' : 'tie';
  return JSON.stringify({ winner, reason: `covers ${one} vs ${two} of the question's words` });
}

const fake = await startFakeLlm();
fake.behave('alpha', {
  reply: (r) =>
    `Alpha: ${words(userText(r))
      .slice(0, Math.ceil(words(userText(r)).length / 2))
      .join(' ')}`,
});
fake.behave('beta', {
  reply: (r) =>
    `Beta: ${words(userText(r))
      .slice(-Math.ceil(words(userText(r)).length / 3))
      .join(' ')}`,
});
const fused = (r: FakeRequest) => words(between(userText(r), 'Candidate answers:', 'Write the single best')).filter((_, i) => i % 3 !== 2);
// The fusion model also writes the analysis before the fused answer (structured output): nothing agreed.
const analysis = JSON.stringify({ consensus: [], contradictions: [], unique: [], openQuestions: [] });
fake.behave('fusion', { reply: (r) => (r.responseFormat ? analysis : `Sangam: ${fused(r).join(' ')}`) });
fake.behave('judge', { reply: judge });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sangam-fake-eval-'));
const modelsFile = path.join(dir, 'models.json');
const model = (id: string, name: string, roles: string[], price: { input: number; output: number; currency?: string }) => ({
  id,
  name,
  provider: 'openai-compatible',
  model: id,
  baseURL: `${fake.url}/v1`,
  roles,
  price,
});
fs.writeFileSync(
  modelsFile,
  JSON.stringify({
    models: [
      model('alpha', 'Alpha (fake)', ['proposer'], { input: 0.15, output: 0.6, currency: 'USD' }),
      model('beta', 'Beta (fake)', ['proposer'], { input: 25, output: 100 }),
      model('fusion', 'Fusion (fake)', ['aggregator'], { input: 0.4, output: 1.6, currency: 'USD' }),
      model('judge', 'Judge (fake)', ['refiner'], { input: 60, output: 240 }),
    ],
  }),
);
const args = process.argv.slice(2);
const child = spawn('npm', ['run', '--silent', 'eval', '--', ...(args.includes('--judge') ? [] : ['--judge', 'judge']), ...args], {
  stdio: 'inherit',
  env: { ...process.env, MODELS_FILE: modelsFile },
});
child.on('close', async (code) => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
