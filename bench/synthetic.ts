/**
 * Synthetic Polish decision log for the scale benchmarks (templated, varied topics, amounts,
 * dates and contract codes), and the questions asked of it. Deterministic: the same N gives
 * the same chunks in every run.
 */
import type { Chunk, ChunkMetadata } from '../src-shared/types';
import { chunkId } from '../src-shared/chunk-id';

// prettier-ignore
export const QUERIES = [
  'ile kosztuje godzina mentoringu?', 'jaka jest teraz stawka za warsztaty?', 'z kim podpisałem umowę na szkolenie?',
  'czym prowadzę zadania?', 'co ustala decyzja 2026-05-04-01?', 'jaki jest termin płatności faktur?',
  'dlaczego zmieniłem narzędzie do newslettera?', 'ile wydaję na reklamy?', 'kiedy mam wolne piątki?',
  'jaki sprzęt kupiłem do nagrań?', 'wcześniej jaka była cena kursu?', 'umowa UM/2025/117 kwota',
];
const TOPICS = [
  'stawka mentoringu',
  'cena kursu',
  'warsztaty zamknięte',
  'newsletter',
  'narzędzie do zadań',
  'reklamy na LinkedIn',
  'termin płatności',
  'umowa szkoleniowa',
  'sprzęt do nagrań',
  'asystentka',
  'priorytet kwartału',
  'konsultacje',
  'rabaty studenckie',
  'faktury korygujące',
  'podatek',
  'trening',
  'CRM',
  'wideokonferencje',
  'licencja zespołowa',
  'audyt architektury',
];
const CLIENTS = ['Wektor Systemy', 'Kwadrat Software', 'Nordlog', 'Fundacja Kod Przyszłości', 'Odra-Trans', 'Mebloteka', 'Saldo'];
const SECTIONS = ['TL;DR', 'KONTEKST', 'DECYZJA', 'DLACZEGO', 'NASTĘPNY KROK'];

export function rng(seed: number) {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export function syntheticChunks(n: number): Chunk[] {
  const r = rng(42);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)]!;
  const chunks: Chunk[] = [];
  for (let d = 0; chunks.length < n; d++) {
    const date = new Date(Date.UTC(2020, 0, 1) + (d * 86_400_000) / 3).toISOString().slice(0, 10);
    const id = `${date}-${String((d % 3) + 1).padStart(2, '0')}`;
    const topic = pick(TOPICS);
    const amount = Math.floor(r() * 9000 + 100);
    const title = `${topic[0]!.toUpperCase()}${topic.slice(1)} — ${amount} zł`;
    SECTIONS.forEach((section, i) => {
      if (chunks.length >= n) return;
      const body = [
        `Od ${date} ${topic} wynosi ${amount} zł netto; klient ${pick(CLIENTS)} zaakceptował warunki umowy UM/${date.slice(0, 4)}/${String(d % 999).padStart(3, '0')}.`,
        `Przez ostatnie miesiące ${pick(TOPICS)} zajmowało mi ok. ${Math.floor(r() * 20)} godzin tygodniowo, a ${pick(TOPICS)} kosztowało ${Math.floor(r() * 5000)} zł.`,
        `Decyzję sprawdzę po kwartale; jeśli ${pick(TOPICS)} nie przyniesie efektu, wracam do poprzedniego rozwiązania.`,
      ]
        .slice(0, 1 + (i % 3))
        .join('\n');
      const metadata: ChunkMetadata = {
        source: `/bench/${id}.md`,
        fileName: `${id}.md`,
        docId: `bench-${id}`,
        checksum: '0',
        format: 'decision',
        decisionId: id,
        date,
        title,
        section,
        breadcrumb: [`Decyzja ${id} z ${date}: ${title}`, section],
        startOffset: 0,
        endOffset: body.length,
        chunkIndex: i,
        chunkTotal: SECTIONS.length,
        superseded: r() < 0.1,
        strategy: 'structural',
        tokenCount: Math.round(body.length / 3.2),
      };
      chunks.push({ id: chunkId(metadata.docId, i), text: `${metadata.breadcrumb.join(' > ')}\n${body}`, body, metadata });
    });
  }
  return chunks;
}
