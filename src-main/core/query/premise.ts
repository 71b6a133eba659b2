/**
 * A clause the question takes as given, not what it asks: one of cause or concession ("…, skoro
 * pralnia gubiła rzeczy", "…, bo klienci narzekali", "…, chociaż mamy umowę") or one placing it in
 * time after or before another event ("…, zanim weszła firma kurierska", "…, odkąd przeszła na
 * etat"). Not a complement clause ("za to, że polecają nas parom" says what is paid for), nor a
 * relative one ("ktoś, kto studiuje" says whom it asks about), nor a condition ("jeśli klient
 * odwoła, ile zapłaci?" says which case), nor "kiedy", which may be either.
 */
import { foldDiacritics } from '../retrieve/polish-analyzer';

const PREMISE = /^(?:skoro|bo|poniewaz|gdyz|chociaz|choc|mimo|zanim|odkad|dopoki)(?![\p{L}])/u;

/** The question without its premise clauses (comma-separated, after the first), lower case. */
export function withoutPremises(question: string): string {
  const clauses = question.toLowerCase().split(/[,;]/u);
  const opener = (c: string) =>
    foldDiacritics(c)
      .replace(/[^\p{L}\p{N}%]+/gu, ' ')
      .trim();
  return [clauses[0]!, ...clauses.slice(1).filter((c) => !PREMISE.test(opener(c)))].join(',');
}
