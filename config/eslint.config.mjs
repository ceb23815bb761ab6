// ESLint flat config: typescript-eslint, the react-hooks rules, and the module boundaries
// of the layers (contracts → api → features → app; src/ui stays pure; Node and browser apart; see src/features/README.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

const zone = (target, from, message) => ({ target, from, message });

// import-x's TypeScript preset, without its resolver (eslint-import-resolver-typescript, not installed).
const typeScriptFilesForImportX = Object.fromEntries(Object.entries(importX.flatConfigs.typescript.settings).filter(([name]) => name !== 'import-x/resolver'));

// PROVIDER_URL may name a provider that is not this code: the site server shares with it only
// contracts (src/contracts) and the HTTP edge both serve (src/http). npm start alone runs the
// embedded provider in the same process (src/server/start.ts), and tests start a real one.
const serverWithoutProvider = zone(
  './src/server',
  './src/provider',
  'the site server shares only contracts with the provider (src/contracts, src/http): PROVIDER_URL may name another provider; only start.ts runs the embedded one',
);
const boundaries = [
  zone('./src/contracts', './src/!(contracts)/**', 'contracts depend on nothing'),
  zone('./src/ui', './src/!(ui|contracts|i18n)/**', 'ui is shared and pure: props in, markup out'),
  zone('./src/api', './src/!(api|contracts)/**', 'the api adapter knows only the contracts'),
  zone('./src/http', './src/!(http|contracts)/**', 'the HTTP edge both servers share knows only the contracts, neither server'),
  zone(
    ['./src/server/*.ts', './src/server/!(render)/**'],
    './src/!(server|contracts|http|provider)/**',
    'the site server shares only contracts (its renderer runs the app)',
  ),
  serverWithoutProvider,
  zone('./src/provider', './src/!(provider|contracts|http)/**', 'the provider shares only contracts'),
  zone('./src/!(server|provider|http)/**', './src/server', 'client code never imports Node code'),
  zone('./src/!(server|provider|http)/**', './src/provider', 'client code never imports Node code'),
  zone('./src/!(server|provider|http)/**', './src/http', 'client code never imports Node code'),
];

// The provider's rooms: content (the source interface, the pack's SQLite adapter) at the bottom,
// strapi (its second adapter) and submissions (the model and its stores) on it, and the staff CLI
// over the store's interface on top, which nothing imports. content/importCli.ts, a command line,
// stores packs in the shared PostgreSQL through the submissions' pool. Tests may assemble any room.
const providerRoom = (room) => `./src/provider/${room}`;
const providerRooms = [
  zone(
    ['./src/provider/content/!(importCli).ts', './src/provider/content/*/**'],
    ['strapi', 'submissions'].map(providerRoom),
    "content is the provider's bottom room: it knows neither Strapi nor the submissions",
  ),
  ...[
    ['strapi', 'submissions'],
    ['submissions', 'strapi'],
  ].map(([room, beside]) => zone(providerRoom(room), providerRoom(beside), 'strapi and submissions stand on content, never on each other')),
  zone(
    ['./src/provider/*.ts', './src/provider/!(staff)/**'],
    providerRoom('staff'),
    "the staff CLI stands on the store's interface; nothing in the provider imports it",
  ),
];

// The root modules of src/features assemble every folder (rootReducer.ts) or name the outside
// world the sagas get (deps.ts): a feature may import their types, never their values, and they
// never import the app that assembles them.
const featureRoots = {
  group: ['../rootReducer', '../deps'],
  allowTypeImports: true,
  message: 'rootReducer and deps sit above every feature: import their types only (import type).',
};
const featuresWithoutApp = zone('./src/features', './src/app', 'features never import src/app (it assembles them)');

// Each Node major gets the better-sqlite3 it can run (12.x on 20, 13.x from 22): only the
// driver module picks; the typings may be imported anywhere.
const sqliteOnlyThroughDriver = ['better-sqlite3', 'better-sqlite3-node22'].map((name) => ({
  name,
  allowTypeImports: true,
  message: 'Load SQLite through src/provider/sqliteDriver.',
}));

// The state machine's folders (src/features/*), bottom first. A folder imports only from the
// layers below its own, never from a sibling of its layer nor from above, so no cycle can form
// between features: shared (the route entry, callApi) is the floor every feature stands on; the
// lists sit on content and the paged list; the route saga runs the lists' loaders that the app
// registers (src/app/rootSaga.ts) and imports none of them.
const FEATURE_LAYERS = [
  ['shared'],
  ['site', 'chunks', 'locale'],
  ['content', 'session'],
  ['errors', 'forms', 'pagedList'],
  ['product', 'news', 'members'],
  ['navigation'],
];
const featureLayers = FEATURE_LAYERS.slice(0, -1).flatMap((layer, index) =>
  layer.map((folder) =>
    zone(
      `./src/features/${folder}`,
      FEATURE_LAYERS.slice(index)
        .flat()
        .filter((other) => other !== folder)
        .map((other) => `./src/features/${other}`),
      `features/${folder} may import only the layers below it (${FEATURE_LAYERS.slice(0, index).flat().join(', ') || 'none'}): see FEATURE_LAYERS`,
    ),
  ),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-dev/**',
      'coverage/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'bench-results/**',
      'reports/**',
      'cms/node_modules/**',
      'cms/dist/**',
      'cms/build/**',
      'cms/.strapi/**',
      'cms/.tmp/**',
      'cms/public/**',
      'cms/types/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The CMS (cms/) is a Strapi project: CommonJS on Node.
    files: ['cms/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', URL: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A cycle of ours never passes through a package (none imports our code), so no-cycle need
      // not walk node_modules: that walk was 88 % of the lint's time (CPU 34.9 → 19.4 s without it).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use useAppSelector / useAppDispatch from src/app/hooks.',
            },
          ],
        },
      ],
    },
    settings: {
      // import-x reads only the extensions and parsers named here: without the TypeScript ones it
      // skips every .ts/.tsx file, and no-cycle could never fire. Modules resolve the Node way.
      ...typeScriptFilesForImportX,
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
  },
  {
    // npm start runs the embedded provider beside the site, and the server's tests start a real
    // provider as the site's counterpart: every other boundary holds for them.
    files: ['src/server/start.ts', 'src/server/**/*.{test,testing}.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries.filter((boundary) => boundary !== serverWithoutProvider) }] },
  },
  {
    // The one place the raw hooks are typed.
    files: ['src/app/hooks.ts', 'src/features/shared/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests (and their shared helpers, *.testing.ts) read untyped JSON answers.
    files: ['**/*.test.{ts,tsx}', '**/*.testing.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A saga test ends when its saga ends (a return, or END after the scenario), never on a window
    // of wall-clock time: expectSaga's run waits for the end (config/jest/setupClient.ts). Only
    // the client's tests: the server's tests call SQLite statements' run(), which this would flag.
    files: ['src/{api,app,features,pages,ui,i18n,contracts}/**/*.{test,testing}.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='silentRun']", message: 'End the saga instead (END, or a saga that returns), and use .run().' },
        ...["[arguments.0.type='Literal']", " > ObjectExpression > Property[key.name='timeout']"].map((timeout) => ({
          selector: `CallExpression[callee.property.name='run']${timeout}`,
          message: 'A saga test ends when its saga ends, not after a number of milliseconds.',
        })),
      ],
    },
  },
  {
    // Pages and the layout read state and dispatch events; the DOM and the api are the sagas'
    // services' business (src/app/services.ts), and nothing may run on the server that needs a window.
    files: ['src/pages/**/*.{ts,tsx}', 'src/app/layout/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.testing.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'Pages dispatch events; sagas reach the browser through services.' },
        { name: 'document', message: 'Pages dispatch events; sagas reach the browser through services.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector / useAppDispatch from src/app/hooks.' }],
          patterns: [
            { group: ['axios', '**/api/api', '**/api/client', '**/app/services'], message: 'Pages never call the api: they dispatch events and sagas load.' },
          ],
        },
      ],
    },
  },
  {
    // Features: another feature only through its public modules (slice, selectors, saga, types);
    // shared state-machine pieces live in features/shared; never the app that assembles them.
    files: ['src/features/*/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.testing.ts', 'src/features/shared/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector from features/shared/hooks.' }],
          patterns: [
            {
              regex: '^\\.\\./(?!shared/|\\.\\./)[^/]+/(?!(slice|selectors|saga|types|actions)$)[^/]+$',
              message: 'Import another feature only through its slice, selectors, saga, actions or types.',
            },
            { group: ['**/app/*', '**/app'], message: 'Features never import src/app (it assembles them).' },
          ],
        },
      ],
    },
  },
  {
    // No cycle between features: each folder imports only from the layers below it (tests may
    // assemble any of them). The app's boundaries hold here too.
    files: ['src/features/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.testing.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...featureLayers, featuresWithoutApp] }] },
  },
  {
    // The provider's rooms keep their direction (tests may assemble any of them).
    files: ['src/provider/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.testing.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...providerRooms] }] },
  },
  {
    // Pure views (src/ui; pages and the layout read the store through src/app/hooks): no store,
    // no sagas, no HTTP.
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react-redux', 'redux-saga*', 'axios', '**/api/*', '**/app/*'], message: 'Views take props and render.' }] },
      ],
    },
  },
  {
    // Only the driver module picks the better-sqlite3 (see sqliteOnlyThroughDriver).
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/provider/sqliteDriver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: sqliteOnlyThroughDriver }],
    },
  },
  {
    // A feature imports rootReducer and deps for their types only (see featureRoots).
    files: ['src/features/*/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.testing.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: sqliteOnlyThroughDriver, patterns: [featureRoots] }] },
  },
);
