// Development/CLI entry of the embedding worker: load the TypeScript worker through tsx.
// (The Electron build bundles embed-worker.ts directly and does not use this file.)
import { register } from 'tsx/esm/api';

register();
await import('./embed-worker.ts');
