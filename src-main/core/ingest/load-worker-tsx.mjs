// Development/CLI entry of the parsing worker: load the TypeScript worker through tsx.
// (The Electron build bundles load-worker.ts directly and does not use this file.)
import { register } from 'tsx/esm/api';

register();
await import('./load-worker.ts');
