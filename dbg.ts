import { indexLog, findMentions, attributeTerms, mentions } from './src-main/core/eval/near-miss';
import { loadNearMissInputs } from './src-main/core/eval/near-miss-io';
const { decisions, golden } = await loadNearMissInputs(process.argv[2]!);
const log = indexLog(decisions);
for (const t of ['place','person','org','code']) console.log(t, log.entities.filter(e=>e.type===t).map(e=>`${[...e.forms.keys()][0]}(${e.count})`).join(' '));
for (const g of golden) {
  if (g.kind==='unanswerable') continue;
  const ms = findMentions(g.q, log.entities);
  console.log(g.q, '=>', ms.map(m => `${m.entity.key}/${m.entity.type}${g.expect.some(id=>mentions(log,id,m.entity))?'':'(not-in-expect)'} A=${attributeTerms(log,g.q,m,g.expect,0.5).join(',')}`).join(' | '));
}
