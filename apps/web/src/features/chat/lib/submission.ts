import type { ChatMode } from '@sangam/contracts';

/** What the submission route receives in navigation state. */
export type Submission = { prompt: string; mode: ChatMode; chatId: string };
export type SubmissionState = { latest: Submission };
