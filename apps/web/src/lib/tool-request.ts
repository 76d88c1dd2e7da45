import { CLIENT_API_KEY } from '@/lib/agent-client';
import { authFetch } from '@/lib/api-client';

/** The reading order of SPEC.md section 7 for tools: data.best_output, data.output, best_output, output. */
export function readToolOutput(json: unknown): string | undefined {
  const j = (json ?? {}) as { data?: { best_output?: unknown; output?: unknown }; best_output?: unknown; output?: unknown };
  const value = [j.data?.best_output, j.data?.output, j.best_output, j.output].find((v) => typeof v === 'string' && v.trim());
  return typeof value === 'string' ? value : undefined;
}

export class ToolHttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
    readonly code?: string,
  ) {
    super(`API request failed with status: ${status}${detail ? ` (${detail})` : ''}`);
  }
}

/** Reads a picked file as a data URL, then back into a Blob; null when reading fails. */
export async function imageFromFile(file: File | null): Promise<Blob | null> {
  if (!file) return null;
  try {
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
    // Decoded by hand: the Content-Security-Policy does not let fetch() read data: URLs.
    const [head = '', body = ''] = dataUrl.split(',');
    const type = /^data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream';
    const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
    return new Blob([bytes], { type });
  } catch (err) {
    console.error('Could not read the image; sending without it', err);
    return null;
  }
}

/** One GenerateAnswer call for a tool; the output text (or undefined) and the computed facts. */
export async function callTool({ prompt, requestIdPrefix, image }: { prompt: string; requestIdPrefix: string; image?: Blob | null }) {
  const form = new FormData();
  form.append('Prompt', prompt);
  form.append('Chat_Id', Math.random().toString(36).slice(2, 10));
  form.append('Request_Id', `${requestIdPrefix}${Date.now()}`);
  if (image) form.append('image_file', image, 'food_image.jpg');
  const res = await authFetch('/ai/v1/agent/GenerateAnswer', {
    method: 'POST',
    headers: { accept: 'application/json', 'x-api-key': CLIENT_API_KEY },
    body: form,
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const body = (json ?? {}) as { detail?: string; code?: string };
    throw new ToolHttpError(res.status, body.detail, body.code);
  }
  return { text: readToolOutput(json), facts: (json as { data?: { facts?: unknown } } | null)?.data?.facts };
}
