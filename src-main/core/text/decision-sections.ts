/**
 * The sections of a decision (FORMAT.md and its variants): those that state what was decided, those
 * that say why, and the summary. Read by the evidence gate and the extractive generator.
 */

/*
 * A heading names its kind by its first words and may go on to qualify them ("Dlaczego nie",
 * "Uzasadnienie zmiany", "Kontekst sprawy", "Decyzja zarządu"): each pattern reads the heading's start.
 */
/**
 * Sections of a decision that state what was decided: the usual headings, and "Co" with a verb in
 * the first person plural, the business telling what it decided or does ("Co ustaliliśmy", "Co
 * wprowadzamy", "Co zmieniamy"), not what it has, knows or was ("Co mamy", "Co wiemy").
 */
export const STATEMENT_SECTION = /^(?:tl;?dr|decyzja|w skrócie|ustalenia|zasady|podsumowanie|co (?!mamy|wiemy|jesteśmy|byliśmy|mieliśmy)\p{L}+(?:śmy|my))(?![\p{L}])/iu;
/** Sections of a decision that give the reasons themselves. */
export const GIVEN_REASON_SECTION = /^(?:dlaczego|uzasadnienie|powody|powód)(?![\p{L}])/iu;
/** The background of a decision: the situation, often the trouble, that led to it. */
export const BACKGROUND_SECTION = /^(?:kontekst|tło)(?![\p{L}])/iu;
/** Sections of a decision that say why: the reasons given, then the background as the fallback. */
export const REASON_SECTION = new RegExp(`${GIVEN_REASON_SECTION.source}|${BACKGROUND_SECTION.source}`, 'iu');
/** The summary of a decision, which states it in a few sentences. */
export const SUMMARY_SECTION = /^(?:tl;?dr|w skrócie|podsumowanie|streszczenie)(?![\p{L}])/iu;

/** Whether a sentence of a chunk states what its decision decided (TL;DR, DECYZJA), not its background; any sentence of a document does. */
export const statesTheDecision = (metadata: { decisionId?: string; section: string }): boolean => !metadata.decisionId || STATEMENT_SECTION.test(metadata.section);
