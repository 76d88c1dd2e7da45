import { answerLanguageInstruction, type QuestionLanguage, SCRIPTURES, scripturePrompt } from '@sangam/contracts';
import { type FakeRequest, isJudgeRequest } from '@sangam/test-fakes/fake-llm';
import { describe, expect, it } from 'vitest';
import { type EngineTest, useEngineTest } from './engine-helper';
import { formOf } from './users';

/** Issue 24: every model call of an answer carries the answer-language instruction. */
let e: EngineTest;
useEngineTest((engine) => {
  e = engine;
});

const systemOf = (r: FakeRequest) => String(r.messages.find((m) => m.role === 'system')?.content ?? '');
const proposers = () => e.fake.requests.filter((r) => ['alpha', 'beta', 'gamma'].includes(r.model));

async function post(endpoint: 'GenerateAnswer' | 'PromptRefiner', prompt: string, extra: Record<string, string> = {}) {
  const res = await fetch(`${e.t.baseUrl}/ai/v1/agent/${endpoint}`, {
    method: 'POST',
    headers: { 'x-api-key': 'sangam-web', authorization: `Bearer ${e.user.accessToken}` },
    body: formOf({ Prompt: prompt, Chat_Id: 'lang1', Request_Id: `req_${Date.now()}_${Math.random()}`, ...extra }),
  });
  return { status: res.status, body: (await res.json()) as { data: { best_output: string; facts?: unknown } } };
}

async function setAnswerIn(answerLanguage: string) {
  const res = await fetch(`${e.t.baseUrl}/api/user/update`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${e.user.accessToken}` },
    body: JSON.stringify({ answerLanguage }),
  });
  return { status: res.status, body: (await res.json()) as { user: { answerLanguage?: string } } };
}

/** Every proposer call of the last answer was told to write in `language`. */
function expectProposersIn(language: QuestionLanguage) {
  const calls = proposers();
  expect(calls.length).toBeGreaterThanOrEqual(3);
  for (const r of calls) expect(systemOf(r)).toContain(answerLanguageInstruction(language));
}

describe('the instruction reaches every call kind', () => {
  it('refiner: the refined prompts are asked for in the question language', async () => {
    const res = await post('PromptRefiner', 'मुझे दिल्ली में घूमने की जगहें बताइए');
    expect(res.status).toBe(200);
    const refiner = e.fake.requests.find((r) => r.model === 'refiner');
    expect(systemOf(refiner as FakeRequest)).toContain(answerLanguageInstruction('hi'));
  });

  it('proposers, judge and aggregator of a fused answer', async () => {
    const res = await post('GenerateAnswer', 'சென்னையில் பார்க்க வேண்டிய இடங்கள் எவை?');
    expect(res.status).toBe(200);
    expectProposersIn('ta');
    const judge = e.fake.requests.find(isJudgeRequest);
    const aggregator = e.fake.requests.find((r) => r.model === 'fusion' && !isJudgeRequest(r));
    expect(systemOf(judge as FakeRequest)).toContain(answerLanguageInstruction('ta'));
    expect(systemOf(aggregator as FakeRequest)).toContain(answerLanguageInstruction('ta'));
    // The instruction comes after the server's own instructions, which stay as they were.
    expect(systemOf(aggregator as FakeRequest)).toMatch(/aggregator[\s\S]*Write your answer in Tamil/);
  });

  const bible = SCRIPTURES.find((s) => s.id === 'bible');
  const tools: Array<[string, string, string]> = [
    ['astrology', 'ASTR: 02 10 1869 Porbandar 07:12 AM\nमेरा स्वभाव कैसा है?', 'CHART FACTS'],
    ['recipe', 'REP: पनीर बटर मसाला कैसे बनाते हैं', 'Indian home chef'],
    ['calorie', 'CAL:,दो रोटी और एक कटोरी दाल', ''],
    ['chanakya', 'CHA:,मित्र कैसे चुनें?', ''],
    ['scripture', scripturePrompt(bible ?? (SCRIPTURES[0] as (typeof SCRIPTURES)[number]), 'प्रेम क्या है?'), ''],
  ];
  for (const [tool, prompt, marker] of tools)
    it(`${tool}: its own instructions and the facts stay, with the prose asked for in Hindi`, async () => {
      const res = await post('GenerateAnswer', prompt);
      expect(res.status).toBe(200);
      expectProposersIn('hi');
      for (const r of proposers()) expect(systemOf(r)).toContain(marker);
      if (tool === 'astrology') expect(JSON.stringify(res.body.data.facts)).toContain('Libra');
    });
});

describe('"Same as my question" picks the question language', () => {
  const questions: Array<[QuestionLanguage, string]> = [
    ['hi', 'भारत की राजधानी क्या है?'],
    ['mr', 'मला पुण्यातील चांगली ठिकाणे सांगा, तिथे काय आहे?'],
    ['ta', 'தமிழ்நாட்டின் தலைநகரம் எது?'],
    ['bn', 'কলকাতার বিখ্যাত মিষ্টি কী কী?'],
    ['hi-Latn', 'mujhe ek achhi recipe batao jo jaldi ban jaye'],
    ['en', 'What is the capital of India?'],
  ];
  for (const [language, question] of questions)
    it(`${language}: ${question}`, async () => {
      expect((await post('GenerateAnswer', question)).status).toBe(200);
      expectProposersIn(language);
    });

  it('romanised Hindi is asked for in Latin letters, not Devanagari', async () => {
    await post('GenerateAnswer', 'kya aap mujhe batao ki chai kaise banate hai');
    expect(systemOf(proposers()[0] as FakeRequest)).toContain('Latin letters');
  });
});

describe('"Answer in" a fixed language', () => {
  it('the setting is kept on the profile and answers an English question in Tamil; a request may name its own', async () => {
    const set = await setAnswerIn('ta');
    expect(set.status).toBe(200);
    expect(set.body.user.answerLanguage).toBe('ta');
    await post('GenerateAnswer', 'What is the capital of India?');
    expectProposersIn('ta');
    e.fake.reset();
    await post('GenerateAnswer', 'What is the capital of India?', { Answer_Language: 'bn' });
    expectProposersIn('bn');
    expect((await setAnswerIn('same')).body.user.answerLanguage).toBe('same');
  });

  it('an unknown language is refused', async () => {
    expect((await setAnswerIn('xx')).status).toBe(400);
    expect((await post('GenerateAnswer', 'Hello', { Answer_Language: 'klingon' })).status).toBe(400);
  });
});
