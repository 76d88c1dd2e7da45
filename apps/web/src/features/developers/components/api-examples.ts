/** The copy-paste examples of the developer guide, for a base URL (this server's /v1). */
export const examples = (base: string) => ({
  curl: `curl ${base}/chat/completions \\
  -H "Authorization: Bearer $SANGAM_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "model": "sangam/fusion",
    "messages": [{ "role": "user", "content": "मानसून कैसे बनता है?" }],
    "sangam": { "include": ["analysis"] }
  }'`,
  javascript: `import OpenAI from 'openai';

const client = new OpenAI({ baseURL: '${base}', apiKey: process.env.SANGAM_API_KEY });

const stream = await client.chat.completions.create({
  model: 'sangam/fusion',
  messages: [{ role: 'user', content: 'Explain RAFT in five bullet points' }],
  stream: true,
  // @ts-expect-error: Sangam's extension travels as extra body
  sangam: { panel: ['gpt', 'claude', 'gemini'], deadline_ms: 10000 },
});
for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');`,
  python: `from openai import OpenAI
import os

client = OpenAI(base_url="${base}", api_key=os.environ["SANGAM_API_KEY"])

res = client.chat.completions.create(
    model="sangam/universe",
    messages=[{"role": "user", "content": "Best way to learn Tamil?"}],
    extra_body={"sangam": {"include": ["analysis"]}},
)
for choice in res.choices:
    print(choice.sangam["model"], choice.message.content)
print("₹", res.usage.cost)`,
});
