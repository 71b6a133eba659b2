/**
 * A noun standing right before a code, in apposition to it: "usługa **HYB-D**", "pakiet
 * **SL-PLUS**", "umowa **UM/2026/014**". Polish names a coded thing after its kind so; the code
 * names the one thing, and a source that writes the code speaks of it however it words its kind
 * ("HYB-D: 350 zł — diagnostyka baterii", no "usługa"). Codes do not decline, so a noun before one
 * may also be its property ("cena KT-01"); a property asked is an answer type, which evidence
 * checks on its own.
 */
import type { FocusConstraint } from '../../../src-shared/query';
import { posTags } from '../retrieve/polish-analyzer';
import { escapeRe } from '../text/identifiers';

/** Letters and digits joined by hyphens or slashes ("HYB-D", "kpir-60", "UM/2026/014"). */
const JOINED = /^[\p{L}\p{N}]+(?:[-/][\p{L}\p{N}]+)+$/u;

/** A case ending Polish writes in lower case after a hyphen to decline an abbreviation ("SUV-a", "PIT-em", "USG-u"). */
const DECLINED_ABBREVIATION = /^\p{L}+-(?:a|u|y|e|i|ie|em|om|ach|ami|ów|owi|owie)$/u;

/**
 * Whether a name the question gives is a code, not a hyphenated word or name ("Bielsko-Biała",
 * "Kaszub-Dent") nor a declined abbreviation ("SUV-a"; "SRV-E", its last part in capitals, is a
 * code): joined parts, one of them with a digit or of at most three letters (an abbreviation). A
 * question writes codes in any case ("hyb-d"); a document's, in capitals, are told by
 * answer-type-match.ts `isCode`.
 */
export function isAskedCode(text: string): boolean {
  if (!JOINED.test(text) || DECLINED_ABBREVIATION.test(text)) return false;
  return text.split(/[-/]/u).some((part) => /\p{N}/u.test(part) || part.length <= 3);
}

/**
 * Marks each focus noun right before a code the question names: sets `kindOf` to the code as
 * written in the focus. A source naming the code answers about its kind (noun-kinds.ts).
 */
export function markCodeKinds(normalized: string, focus: FocusConstraint[]): void {
  const codes = focus.filter((f) => f.kind === 'entity' && isAskedCode(f.text));
  for (const f of focus) {
    if (f.kind !== 'attribute' || !posTags(f.text.toLowerCase()).some((t) => t.startsWith('subst:'))) continue;
    const code = codes.find((c) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(f.text)}\\s+${escapeRe(c.text)}(?![\\p{L}\\p{N}])`, 'iu').test(normalized));
    if (code) f.kindOf = code.text;
  }
}
