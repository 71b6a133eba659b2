/**
 * Names Polish users write the way they hear them and cut short: "fejs" for Facebook (its "face"),
 * "insta" for Instagram, "jutub" for YouTube. Both spellings are reduced to their consonants as
 * heard — the English "c" before e/i/y is an "s", "ck" a "k", "ph" an "f", "th" a "t"; vowels,
 * "j", "y" and "h" (a glide or nothing to the ear) drop out, a doubled letter counts once — and the
 * written-by-ear form is one whose consonants begin the name's.
 */
import { foldDiacritics } from '../retrieve/polish-analyzer';

/** The consonants of a word as heard, in order ("Facebook" → "fsbk", "fejsie" → "fs"). */
export function heardConsonants(word: string): string {
  return foldDiacritics(word.toLowerCase())
    .replace(/c(?=[eiy])/gu, 's')
    .replace(/ck/gu, 'k')
    .replace(/ph/gu, 'f')
    .replace(/th/gu, 't')
    .replace(/qu/gu, 'kw')
    .replace(/x/gu, 'ks')
    .replace(/[cq]/gu, 'k')
    .replace(/[^a-z]|[aeiouyjh]/gu, '')
    .replace(/(.)\1+/gu, '$1');
}

/**
 * Whether `short` (a word no document writes, or its lemma) may be the user's spelling of `name`:
 * its heard consonants, at least two, begin the name's ("fejs"/"Facebooku", "insta"/"Instagramie"),
 * not "tiktok"/"Facebooku", nor a single sound shared by chance ("fan"/"Facebooku").
 */
export function writtenByEar(short: string, name: string): boolean {
  const [a, b] = [heardConsonants(short), heardConsonants(name)];
  return a.length >= 2 && b.startsWith(a);
}
