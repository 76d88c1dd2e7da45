import {
  type AnswerLanguage,
  answerLanguageFor,
  answerLanguageInstruction,
  answerLanguageSchema,
  type QuestionLanguage,
} from '@sangam/contracts';
import type { Db } from '@/db/client';
import { getAnswerSetting } from '@/modules/accounts/accounts.queries';

/** The user's "Answer in" setting (`same` when none is stored or the user is gone). */
export async function answerSettingOf(db: Db, userId: string): Promise<AnswerLanguage> {
  return answerLanguageSchema.safeParse(await getAnswerSetting(db, userId)).data ?? 'same';
}

/**
 * The language of an answer: the request's own choice, else the user's setting; with `same`, the
 * language the question is written in (romanised Hindi stays in Latin letters).
 */
export async function answerLanguageOf(
  db: Db,
  { userId, requested, question }: { userId: string; requested?: AnswerLanguage; question: string },
): Promise<QuestionLanguage> {
  const setting = requested ?? (await answerSettingOf(db, userId));
  return answerLanguageFor({ setting, question });
}

/** A model call's instructions with the answer-language instruction last (unchanged without a language). */
export function withAnswerLanguage(system: string, language?: QuestionLanguage): string {
  return language ? `${system}\n\n${answerLanguageInstruction(language)}` : system;
}
