/**
 * The words of a question of hours, split from answer-type.ts, which reads the whole question's
 * type. An hour asked (folded): "do której", "o jakiej porze", "w jakich godzinach", "jakie godziny" (the
 * determiner's noun is the hours, as "jaka kwota" asks an amount), "godziny otwarcia".
 */
export const HOUR_ASKED =
  /(?<![\p{L}])(?:do|od|o|po|przed) ktorej(?![\p{L}])|(?<![\p{L}])(?:jakie|jakich|ktore|ktorych) godzin|o jakiej (?:porze|godzinie)|ktora godzin|godzin\p{L}* otwarcia|do jakiej godziny|od jakiej godziny/u;
/** The determiner's plural noun is the hours themselves (folded); "oba"… ask each of two. */
export const HOURS_PLURAL = /(?<![\p{L}])(?:jakie|jakich|ktore|ktorych) godzin/u;
export const BOTH = /(?<![\p{L}])(?:oba|obu|obie|obydwa|obydwu|obydwie|obydwoch)(?![\p{L}])/u;
export const HOUR_ASKED_WRITTEN = /(?:do|od|o|po|przed) której|(?:w )?(?:jakie|jakich|które|których) godzin\p{L}*|o jakiej (?:porze|godzinie)/u;
