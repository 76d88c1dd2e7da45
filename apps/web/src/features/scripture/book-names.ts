import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Scripture, ScriptureId } from '@sangam/contracts';

/**
 * The eight books and their religions as the interface's language names them (docs/i18n.md's glossary:
 * the name the language's readers use for the book). The contracts' English names stay in the prompts.
 */
const BOOKS: Record<ScriptureId, { name: MessageDescriptor; religion: MessageDescriptor }> = {
  gita: { name: msg`Bhagavad Gita`, religion: msg`Hinduism` },
  bible: { name: msg`The Bible`, religion: msg`Christianity` },
  'guru-granth-sahib': { name: msg`Guru Granth Sahib`, religion: msg`Sikhism` },
  torah: { name: msg`Torah Tanakh`, religion: msg`Judaism` },
  tripitaka: { name: msg`Tripitaka`, religion: msg`Buddhism` },
  agamas: { name: msg`Agamas`, religion: msg`Jainism` },
  avesta: { name: msg`Avesta`, religion: msg`Zoroastrianism` },
  quran: { name: msg`Quran`, religion: msg`Islam` },
};

/** The book's name in the interface's language. */
export const bookName = (i18n: I18n, book: Scripture) => i18n._(BOOKS[book.id].name);

/** The book's religion in the interface's language. */
export const bookReligion = (i18n: I18n, book: Scripture) => i18n._(BOOKS[book.id].religion);
