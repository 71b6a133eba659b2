/**
 * A code's definition where the documents give it ("BK-M (średni, 13–15 kwiatów)") counts as said
 * wherever a later decision writes the code alone ("- BK-M: 159 zł."), and is never quoted
 * (answer/code-glosses.ts). A florist's and a barber's logs of the tests' own, over a real lexical index.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestPaths } from '../../src-main/core/ingest-pipeline';
import { createLexicalIndex } from '../../src-main/core/retrieve/lexical-index';
import { DocumentStore } from '../../src-main/core/store/document-store';
import { glossed, glossedSources, storeGlosses, withoutGlosses } from '../../src-main/core/answer/code-glosses';
import { changeSentence, priceChangeSources } from '../../src-main/core/answer/price-changes';
import { decisionSource, sourceUnits } from '../../src-main/core/answer/sources';
import { analysisOf } from '../helpers/evidence';
import { answerOverLog, decisionFile, ingestLog } from '../helpers/lexical-log';

const TODAY = '2026-11-30';

const florist = {
  'a.md': decisionFile(
    '2026-03-02-01',
    'Bukiety w trzech rozmiarach',
    [
      '## TL;DR',
      'Wprowadzamy bukiety klasyczne BK-S (mały, 7–9 kwiatów) i BK-M (średni, 13–15 kwiatów) po 99 i 149 zł.',
      '',
      '## DECYZJA',
      '- BK-S: 99 zł.',
      '- BK-M: 149 zł.',
      '- BK-L (duży, 21–25 kwiatów) wprowadzimy, gdy znajdziemy większe wazony.',
    ].join('\n'),
  ),
  'b.md': decisionFile(
    '2026-10-12-01',
    'Ceny bukietów od listopada',
    ['## TL;DR', 'Od 2 listopada podnosimy ceny bukietów klasycznych.', '', '## DECYZJA', '- BK-S: 105 zł.', '- BK-M: 159 zł.'].join('\n'),
    '2026-03-02-01',
  ),
  'c.md': decisionFile('2026-05-05-01', 'Karnety PAK-5', '## TL;DR\nKarnet PAK-5 (450 zł) obejmuje pięć bukietów na zamówienie w ciągu roku.'),
};

describe('code definitions', () => {
  it('reads what a code stands for from the brackets after it, not a price or a date', async () => {
    const gloss = storeGlosses(await ingestLog(florist));
    expect(gloss('BK-M')).toBe('średni, 13–15 kwiatów');
    expect(gloss('BK-L')).toBe('duży, 21–25 kwiatów');
    // "(450 zł)" says what it costs: carried to every sentence naming the code it would price them all.
    expect(gloss('PAK-5')).toBeUndefined();
    expect(gloss('XX-9')).toBeUndefined();
  });

  it('reads the definitions again when the store changes, in any case the code is asked', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sciaga-gloss-'));
    const lexical = createLexicalIndex({ filePath: path.join(dir, 'lexical-index.json') });
    await lexical.load();
    const store = new DocumentStore(lexical, undefined, path.join(dir, 'journal'));
    const ingest = async (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      await ingestPaths([path.join(dir, name)], { store }, {});
    };
    await ingest('b.md', florist['b.md']);
    expect(storeGlosses(lexical)('BK-M')).toBeUndefined();
    await ingest('a.md', florist['a.md']);
    expect(storeGlosses(lexical)('BK-M')).toBe('średni, 13–15 kwiatów');
    expect(storeGlosses(lexical)('bk-m')).toBe('średni, 13–15 kwiatów');
  });

  it('carries a definition after the code between marks no quote keeps, and leaves a defined code alone', () => {
    const gloss = (code: string) => (code === 'BK-M' ? 'średni, 13–15 kwiatów' : undefined);
    const text = '- BK-M: 159 zł, BK-S: 105 zł.';
    expect(glossed(text, gloss)).toContain('średni');
    expect(withoutGlosses(glossed(text, gloss))).toBe(text);
    expect(glossed('BK-M (średni) kosztuje 159 zł.', gloss)).toBe('BK-M (średni) kosztuje 159 zł.');
  });

  it('answers a question naming the thing by its definition from the decision that writes only the code', async () => {
    const answer = await answerOverLog(florist, 'ile kosztuje teraz średni bukiet?', TODAY);
    expect(answer).toContain('159 zł (2026-10-12-01)');
    expect(answer).not.toContain('\u2063');
    expect(answer).not.toContain('13–15');
  });

  it('still refuses a variant its definition names and no decision prices', async () => {
    expect(await answerOverLog(florist, 'ile kosztuje teraz duży bukiet?', TODAY)).toMatch(/^Nie wiem/u);
  });

  it("finds a decision's own price-change sentence though its code carries a definition", async () => {
    const lexical = await ingestLog({
      'a.md': decisionFile('2026-01-12-01', 'Cennik strzyżenia', '## TL;DR\nStrzyżenie STR-K (krótkie włosy, maszynka i nożyczki) kosztuje 60 zł.'),
      'b.md': decisionFile(
        '2026-09-01-01',
        'Nowe ceny strzyżenia od września',
        '## TL;DR\nOd 1 września strzyżenie krótkie (STR-K) kosztuje 70 zł. Dopłata za mycie głowy rośnie do 15 zł.',
        '2026-01-12-01',
      ),
    });
    const analysis = analysisOf('co u nas podrożało w tym roku?', { today: TODAY });
    // The store's scan of price changes (price-changes.ts) reads the sentences as written.
    priceChangeSources(analysis, lexical, [], 20);
    const source = glossedSources([decisionSource('2026-09-01-01', lexical)!], storeGlosses(lexical))[0]!;
    const units = sourceUnits(source);
    expect(units.some((u) => u.text.includes('krótkie włosy'))).toBe(true);
    const change = changeSentence(source.docId, units, analysis);
    expect(withoutGlosses(change!.text)).toBe('Od 1 września strzyżenie krótkie (STR-K) kosztuje 70 zł.');
  });
});
