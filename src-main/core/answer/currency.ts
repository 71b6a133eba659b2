/**
 * The currencies amounts are written in, in one place: the złoty as Polish business text writes it
 * after a number ("zł", "złotych", "PLN") and the foreign ones a supplier may price in. Whether a
 * sentence states money at all is read in any of them; sums, price changes and their addends are
 * read in złoty only (a total of euros and złotys would mean nothing, and "Razem … zł" says zł).
 */

/** The złoty after a number: sign, code and words ("5 zł", "5 złotych", "2 złote", "1 złoty", "PLN"). */
export const ZLOTY_SOURCE = String.raw`zł|złot(?:y|e|ych)|PLN|pln`;

/** Every currency after a number: the złoty, the euro and the US dollar, by sign, code or word. */
export const CURRENCY_SOURCE = String.raw`${ZLOTY_SOURCE}|EUR|€|euro|USD|\$`;

/** Lemmas of the words of money units (a closed class), the grosz among them: "zł" is read as itself or "złoty". */
export const CURRENCY_LEMMAS: ReadonlySet<string> = new Set(['złoty', 'zł', 'grosz', 'euro', 'dolar']);
