/** A question that enumerates the kinds of answer it wants after a colon (split from answer-type.ts). */

/**
 * "z kim współpracujemy: kluby, ubezpieczyciele, lekarze, fundusz?": three or more short items after
 * a colon, joined by commas or a conjunction, name the kinds of answer wanted — several of them.
 * Not a choice offered with "czy" ("co jest tańsze: chleb czy bułka?").
 */
export function enumeratesAfterColon(lower: string): boolean {
  const colon = lower.indexOf(':');
  if (colon < 0) return false;
  const after = lower.slice(colon + 1).replace(/[?!.]+/gu, ' ');
  if (/(?<![\p{L}])czy(?![\p{L}])/u.test(after)) return false;
  const items = after
    .split(/,|(?<![\p{L}])(?:i|oraz|albo|lub)(?![\p{L}])/u)
    .map((x) => x.trim())
    .filter(Boolean);
  return items.length >= 3 && items.every((x) => x.split(/\s+/u).length <= 3);
}
