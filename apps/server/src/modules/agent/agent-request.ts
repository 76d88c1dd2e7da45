import type { IncomingHttpHeaders } from 'node:http';
import { AGENT_LIMITS, type AgentRequest, agentRequestSchema } from '@sangam/contracts';
import busboy, { type Busboy } from 'busboy';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@/errors';
import { readSimpleForm } from '@/modules/agent/simple-form';

export type HistoryTurn = { role: 'user' | 'assistant'; content: string };
export type ParsedAgentRequest = AgentRequest & { image?: Buffer; history: HistoryTurn[] };

/** Optional `History`: the conversation so far, as JSON [{ role, content }], bounded. */
const historySchema = z
  .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(20_000) }))
  .max(40, 'History is too long');

/** The form's bounds: ten 200,000-byte fields and one image of at most 5 MB (both readers use them). */
export const FORM_LIMITS = { fileSize: AGENT_LIMITS.imageMaxBytes, fieldSize: 200_000, fields: 10, files: 1 };
/** The largest form body read at all: every field at its limit and the image at its limit. */
export const AGENT_BODY_LIMIT = FORM_LIMITS.fields * FORM_LIMITS.fieldSize + FORM_LIMITS.fileSize + 64 * 1024;

/** A multipart body as read by `parseAgentForm`: text fields and `image_file`, if any. */
export class AgentForm {
  constructor(
    readonly fields: Record<string, string>,
    readonly image: Buffer | undefined,
  ) {}
}

const unreadable = (cause: unknown) => new AppError('BAD_REQUEST', { detail: 'The form data could not be read.', cause });

/**
 * Parses a buffered multipart/form-data body: the form is small (a prompt, ids, at most one 5 MB
 * image), so it is read whole before the handler, like a JSON body. The plain shape every client
 * sends is read in one pass (simple-form.ts); anything else goes to busboy, which gives every limit
 * and error its meaning.
 */
export function parseAgentForm(headers: IncomingHttpHeaders, body: Buffer): Promise<AgentForm> {
  const simple = readSimpleForm(headers['content-type'], body, FORM_LIMITS);
  if (simple) return Promise.resolve(new AgentForm(simple.fields, simple.image));
  return parseFormWithBusboy(headers, body);
}

/** busboy 1.x counts a field or file that reaches its limit as cut: one byte more, so that the limit itself is allowed. */
const BUSBOY_LIMITS = { ...FORM_LIMITS, fieldSize: FORM_LIMITS.fieldSize + 1, fileSize: FORM_LIMITS.fileSize + 1 };

/**
 * The form read by busboy alone (every body simple-form.ts does not read; the tests compare the two).
 * busboy 1.x, not @fastify/busboy 3.2.6: the latter never finishes a buffered body whose skipped part
 * (a second file, a part that is not form-data) holds more than 16 KB, which left the request
 * hanging (agent-form.test.ts).
 */
export function parseFormWithBusboy(headers: IncomingHttpHeaders, body: Buffer): Promise<AgentForm> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let image: Buffer | undefined;
    let failure: AppError | undefined;
    const fail = (e: AppError) => {
      failure ??= e;
    };
    let parser: Busboy;
    try {
      parser = busboy({ headers, limits: BUSBOY_LIMITS });
    } catch (err) {
      return reject(unreadable(err));
    }
    parser.on('field', (name, value, { valueTruncated }) => {
      if (valueTruncated)
        fail(name === 'Prompt' ? new AppError('PROMPT_TOO_LONG') : new AppError('VALIDATION_FAILED', { detail: `${name} is too long.` }));
      fields[name] = value;
    });
    parser.on('file', (name, file) => {
      // A body cut inside a file part errors the part's stream: a 400, never an uncaught error.
      file.on('error', (err: unknown) => reject(unreadable(err)));
      if (name !== 'image_file') {
        fail(new AppError('VALIDATION_FAILED', { detail: `Unexpected file field ${name}` }));
        file.resume();
        return;
      }
      const chunks: Buffer[] = [];
      file.on('data', (chunk: Buffer) => chunks.push(chunk));
      file.on('limit', () => fail(new AppError('IMAGE_TOO_LARGE')));
      file.on('end', () => {
        image = Buffer.concat(chunks);
      });
    });
    const tooMany = () => fail(new AppError('PAYLOAD_TOO_LARGE', { detail: 'The form has too many fields or files.' }));
    parser.on('partsLimit', tooMany);
    parser.on('filesLimit', tooMany);
    parser.on('fieldsLimit', tooMany);
    parser.on('error', (err: unknown) => reject(unreadable(err)));
    parser.on('close', () => (failure ? reject(failure) : resolve(new AgentForm(fields, image))));
    parser.end(body);
  });
}

/** The agent request's fields, validated: `Prompt`, `Chat_Id`, `Request_Id`, optional `Mode`, `Answer_Language`, `History`, image. */
export function readAgentRequest(request: FastifyRequest): ParsedAgentRequest {
  if (!(request.body instanceof AgentForm))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { detail: 'Send the fields as multipart/form-data.' });
  const { fields, image } = request.body;
  // PostgreSQL text cannot hold NUL: refused with a clear 400 before anything is stored.
  for (const [name, value] of Object.entries(fields))
    if (value.includes('\u0000')) throw new AppError('VALIDATION_FAILED', { detail: `${name} must not contain NUL characters.` });
  if ((fields.Prompt?.length ?? 0) > AGENT_LIMITS.promptMaxChars) throw new AppError('PROMPT_TOO_LONG');
  const base = agentRequestSchema.parse({
    Prompt: fields.Prompt,
    Chat_Id: fields.Chat_Id,
    Request_Id: fields.Request_Id,
    Mode: fields.Mode || undefined,
    Parent_Id: fields.Parent_Id || undefined,
    Regenerate_Id: fields.Regenerate_Id || undefined,
    Original_Prompt: fields.Original_Prompt || undefined,
    Answer_Language: fields.Answer_Language || undefined,
  });
  let history: HistoryTurn[] = [];
  if (fields.History) {
    try {
      history = historySchema.parse(JSON.parse(fields.History));
    } catch {
      throw new AppError('VALIDATION_FAILED', { detail: 'History must be a JSON list of { role, content } turns.' });
    }
  }
  return { ...base, image: image && image.length > 0 ? image : undefined, history };
}
