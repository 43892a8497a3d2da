// Flat config: typescript-eslint for .ts, eslint-plugin-svelte for .svelte.
import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

// The layers, lowest first; each may import only the layers listed for it (and itself). The
// folders of src/ are the layers; workers/ is the worker adapters, src/protocol.ts the messages.
const LAYERS = [
  'scenario',
  'engine',
  'format',
  'edits',
  'published',
  'protocol',
  'workers',
  'validation',
  'calibration',
  'state',
  'lesson',
  'challenges',
  'components',
  'charts',
  'cli',
  'ui',
];
const ALLOWED = {
  scenario: [],
  engine: ['scenario'],
  format: [],
  edits: ['scenario'],
  published: ['scenario', 'format'],
  protocol: ['engine', 'scenario'],
  workers: ['engine', 'scenario', 'protocol', 'format'],
  validation: ['engine', 'scenario', 'published', 'format'],
  calibration: ['engine', 'scenario', 'validation', 'published'],
  state: ['engine', 'scenario', 'protocol', 'format', 'published', 'validation', 'edits'],
  lesson: ['engine', 'scenario', 'format', 'published', 'validation', 'state', 'edits'],
  challenges: ['engine', 'scenario', 'format', 'published', 'validation', 'state', 'edits'],
  components: ['format'],
  charts: ['engine', 'scenario', 'format', 'published', 'validation', 'state', 'components'],
  cli: ['engine', 'scenario', 'format', 'protocol', 'workers', 'state', 'validation', 'published'],
};
const pattern = (layer) => (layer === 'protocol' ? '**/protocol.ts' : `**/${layer}/**`);
const folder = (layer) =>
  layer === 'workers'
    ? ['workers/**/*.ts']
    : layer === 'protocol'
      ? ['src/protocol.ts']
      : [`src/${layer}/**/*.ts`, `src/${layer}/**/*.svelte`];
const layerRules = Object.entries(ALLOWED).map(([layer, allowed]) => ({
  files: folder(layer),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: LAYERS.filter((l) => l !== layer && !allowed.includes(l)).map(pattern),
            message: `${layer} may import only from ${allowed.join(', ') || 'itself'} (eslint.config.js, LAYERS).`,
          },
        ],
      },
    ],
  },
}));

export default ts.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.check/', '.site-*/'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser } },
  },
  {
    // The engine must stay pure and reproducible: no Math.random, no DOM.
    files: ['src/engine/**/*.ts', 'src/scenario/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded generator in random.ts.' },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'performance'],
    },
  },
  ...layerRules,
);
