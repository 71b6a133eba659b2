// Module hooks of record-modules.mjs (they run on Node's loader thread).
import fs from 'node:fs';

let file;
export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  fs.appendFileSync(file, `${result.url}\n`);
  return result;
}
