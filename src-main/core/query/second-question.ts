/**
 * A question that asks two things ("ile kosztuje PAK-10 i jak długo jest ważny?", "kto jest
 * nabywcą i ile wynosi kwota?"): a conjunction opening a second interrogative clause. The
 * interrogative may follow a preposition, as Polish puts it before the pronoun it governs ("i po
 * jakiej stawce", "i od kogo", "i w których dniach").
 */
const SECOND_QUESTION =
  /(,?\s+(?:i|oraz|a także|a takze)\s+)(?=(?:(?:w|we|za|do|od|po|z|ze|na|o|u|dla|przy|przez|pod|nad)\s+)?(?:ile|ilu|kto|kogo|komu|kim|kiedy|gdzie|dlaczego|czemu|jak\p{L}*|któr\p{L}*|ktor\p{L}*)(?![\p{L}])|(?:po co|czy)(?![\p{L}]))/u;

/** The first question and the second one (without the conjunction), or the whole question and none. */
export function splitSecondQuestion(normalized: string): { first: string; second?: string } {
  const m = normalized.match(SECOND_QUESTION);
  if (m?.index === undefined) return { first: normalized };
  return { first: normalized.slice(0, m.index), second: normalized.slice(m.index + m[1]!.length) };
}
