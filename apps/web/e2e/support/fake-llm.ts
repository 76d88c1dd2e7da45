import type { FakeBehaviour } from '@sangam/test-fakes/fake-llm';

/** Scripts one fake model (by its model id: alpha, beta, gamma, fusion, refiner) for a browser test. */
export async function behave(model: string, behaviour: FakeBehaviour) {
  await fetch(`${process.env.E2E_FAKE_LLM_URL}/__control`, { method: 'POST', body: JSON.stringify({ model, behaviour }) });
}

export async function resetFake() {
  await fetch(`${process.env.E2E_FAKE_LLM_URL}/__reset`, { method: 'POST' });
}

export async function fakeRequests(): Promise<Array<{ model: string; messages: Array<{ role: string; content: unknown }> }>> {
  return ((await (await fetch(`${process.env.E2E_FAKE_LLM_URL}/__requests`)).json()) as { requests: [] }).requests;
}
