import type {} from '@fastify/multipart';
import { AGENT_LIMITS, type AgentRequest, agentRequestSchema } from '@sangam/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@/errors';

export type HistoryTurn = { role: 'user' | 'assistant'; content: string };
export type ParsedAgentRequest = AgentRequest & { image?: Buffer; history: HistoryTurn[] };

/** Optional `History`: the conversation so far, as JSON [{ role, content }], bounded. */
const historySchema = z
  .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(20_000) }))
  .max(40, 'History is too long');

/** Reads the multipart form: text fields, and `image_file` kept in memory (5 MB at most). */
export async function readAgentRequest(request: FastifyRequest): Promise<ParsedAgentRequest> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { detail: 'Send the fields as multipart/form-data.' });
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: AGENT_LIMITS.imageMaxBytes, fieldSize: 200_000, fields: 10, files: 1 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image_file') {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', { detail: `Unexpected file field ${part.fieldname}` });
        }
        image = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE');
    throw new AppError('BAD_REQUEST', { detail: 'The form data could not be read.', cause: err });
  }
  if ((fields.Prompt?.length ?? 0) > AGENT_LIMITS.promptMaxChars) throw new AppError('PROMPT_TOO_LONG');
  const base = agentRequestSchema.parse({
    Prompt: fields.Prompt,
    Chat_Id: fields.Chat_Id,
    Request_Id: fields.Request_Id,
    Mode: fields.Mode || undefined,
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
