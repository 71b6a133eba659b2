// Layer boundaries by runtime (as VS Code enforces them): the lint fails on an import that
// crosses a layer the wrong way. Type-checking per layer is done by the tsconfig projects.
// Import cycles fail the lint too: a circle means two modules can only be understood together.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'url', 'util', 'module', 'worker_threads'];

export default tseslint.config(
  // .tmp/: gitignored scratch scripts, never part of the product.
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'bench/results/**', 'test/e2e/screenshots/**', '.tmp/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-renderer/**/*.{ts,tsx}', 'bin/**/*.js', 'scripts/**/*.{js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    // Type-only imports are not followed (the rule's design): they vanish at build time.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src-main/**', '**/src-main'], message: 'The renderer talks to the main process only through the typed API (src-shared/ipc.ts).' },
            { group: ['electron', 'electron/*'], message: 'The renderer is sandboxed: no electron import.' },
            { group: nodeBuiltins, message: 'The renderer never imports Node.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src-main/**', '**/src-renderer/**'], message: 'src-shared imports nothing outside itself.' },
            { group: ['electron', 'electron/*', ...nodeBuiltins], message: 'src-shared is runtime-neutral.' },
          ],
        },
      ],
    },
  },
  // Size limits in core (issue 13): a file a newcomer can read whole, a function that fits a screen.
  // Blank lines and comments count: a limit that comments can dodge is not one.
  {
    files: ['src-main/core/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    files: ['src-main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'core/ runs in the CLI, the browser mode and tests too: no electron import.' },
            { group: ['**/app/**', '**/cli/**', '**/server/**', '**/src-renderer/**'], message: 'core/ does not depend on its shells.' },
          ],
        },
      ],
    },
  },
);
