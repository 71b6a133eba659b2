/**
 * Questions of what went wrong: "co było nie tak z tymi banerami?", "jaki był problem z dostawcą?",
 * "o co był spór przy fakturze?". Polish asks for a fault by "nie tak" after what was or went, by
 * "problem"/"kłopot" after an interrogative of what it was or lay in, and for a dispute by "o co"
 * with "spór" or "spierać się". A decision log describes the trouble that led to a decision in its
 * background section (FORMAT.md: KONTEKST), not in what it decided. A closed class of phrasings.
 */
import { foldDiacritics } from '../retrieve/polish-analyzer';

/** The phrasings of a fault or a dispute, folded, as regex sources. */
const FAULT_PHRASES = [
  // "co było nie tak", "co poszło nie tak z …"
  '(?:co|czego) (?:\\p{L}+ )?(?:bylo|jest|poszlo|szlo|bylo z nim) nie tak',
  // "jaki był problem z …", "na czym polegał kłopot", "w czym jest problem"
  '(?:jaki|jakie|na czym|w czym|z czym) (?:\\p{L}+ )?(?:byl|byly|jest|sa|polegal|polegaly) (?:\\p{L}+ )?(?:problem\\p{L}*|klopot\\p{L}*)',
  // "o co był spór", "o co toczył się spór", "o co się spieraliśmy", "o co poszło"
  'o co (?:\\p{L}+ )?(?:byl|toczyl sie|chodzilo w) spor\\p{L}*',
  'o co (?:sie )?spieral\\p{L}*',
  'o co poszlo',
];
const FAULT_ASKED = new RegExp(`(?<![\\p{L}])(?:${FAULT_PHRASES.join('|')})(?![\\p{L}])`, 'u');

/** Whether the question asks what went wrong (`FAULT_ASKED`), read folded. */
export function asksFault(question: string): boolean {
  return FAULT_ASKED.test(foldDiacritics(question.normalize('NFC').toLowerCase()));
}
