/**
 * A prompt typed on the landing page while signed out waits here (session storage, this tab only)
 * through sign-in or sign-up, and is sent when the chat screen opens.
 */
const KEY = 'pendingPrompt';

export function savePendingPrompt(prompt: string) {
  try {
    sessionStorage.setItem(KEY, prompt);
  } catch (err) {
    console.error('Could not keep the prompt', err);
  }
}

/** The waiting prompt, removed as it is read. */
export function takePendingPrompt(): string | null {
  try {
    const prompt = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return prompt;
  } catch (err) {
    console.error('Could not read the kept prompt', err);
    return null;
  }
}
