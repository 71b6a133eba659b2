// Development entry of the embedding service: load the TypeScript entry through tsx.
// (The CLI bundle, out/cli/embed-service.mjs, does not use this file.)
import { register } from 'tsx/esm/api';

register();
await import('./embed-service-main.ts');
