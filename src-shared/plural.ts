/** Polish plural forms: 1 plik, 2–4 / 22–24 pliki, 5–21 / 25… plików. */
export function plural(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const abs = Math.abs(n);
  if (abs === 1) return forms[0];
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14)) return forms[1];
  return forms[2];
}

export const countOf = (n: number, forms: readonly [string, string, string]): string => `${n} ${plural(n, forms)}`;

export const FRAGMENT_FORMS = ['fragment', 'fragmenty', 'fragmentów'] as const;
export const DOCUMENT_FORMS = ['dokument', 'dokumenty', 'dokumentów'] as const;
