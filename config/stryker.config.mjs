// Mutation testing of the state machine, the api adapter and the store around them: `npm run test:mutation`.
// The score says whether the tests notice when the code changes: a test earns its place when breaking the code breaks it.

/** The client project of jest.config.ts, narrowed to the tests of the mutated code. */
const jestConfig = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['<rootDir>/src/{features,api}/**/*.test.ts', '<rootDir>/src/app/{store,browserHistory,devtools,listeners}.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/'],
  setupFilesAfterEnv: ['<rootDir>/config/jest/setupClient.ts'],
  transform: { '^.+\\.(t|j|mj)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { projectType: 'custom', config: jestConfig, enableFindRelatedTests: true },
  // src/app: the store factory, the history bridge, the DevTools options and sanitizers, the listeners.
  mutate: [
    'src/features/**/*.ts',
    'src/api/**/*.ts',
    'src/app/store.ts',
    'src/app/browserHistory.ts',
    'src/app/devtools.ts',
    'src/app/listeners.ts',
    '!src/**/*.test.ts',
    '!src/**/*.testing.ts',
  ],
  coverageAnalysis: 'perTest',
  // Module-level constants: each would rerun every test for a few percent of the mutants.
  ignoreStatic: true,
  // Two cores: one test process leaves the other to Stryker itself.
  concurrency: 1,
  incremental: true,
  // Committed: a run after a small change mutates only what changed.
  incrementalFile: 'config/stryker/incremental.json',
  tempDirName: 'reports/stryker/tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/stryker/mutation.html' },
  jsonReporter: { fileName: 'reports/stryker/mutation.json' },
  thresholds: { high: 90, low: 85, break: 85 },
};
