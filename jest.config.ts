import type { Config } from 'jest';

/** swc strips types (fast on two cores); `npm run typecheck` does the type checking. */
const transform: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
};
// swiper, react-toastify, light-my-request's cookie, the structured-data validator and the DevTools
// instrument ship ESM only: let swc turn them into CommonJS too.
const transformIgnorePatterns = [
  '/node_modules/(?!(kysely|swiper|ssr-window|dom7|react-toastify|cookie|@adobe/structured-data-validator|@redux-devtools/instrument)/)',
];
// A test's time limit is for a test that hangs, not a measure: on a busy machine (CI beside other
// work, two lanes of npm test) a passing test may take several times its quiet duration. Jest reads
// it from the top of the config only (set in a project, it is ignored and the limit stays 5 s).
const testTimeout = 30_000;
const moduleNameMapper = { '\\.css$': '<rootDir>/config/jest/styleStub.ts', '^swiper/css(/.*)?$': '<rootDir>/config/jest/styleStub.ts' };

const config: Config = {
  testTimeout,
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['<rootDir>/src/{api,app,features,pages,ui,i18n,contracts}/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/config/jest/setupClient.ts'],
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
      moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      setupFiles: ['<rootDir>/config/jest/setupServer.ts'],
      roots: ['<rootDir>/src', '<rootDir>/config', '<rootDir>/tests/bench', '<rootDir>/tests/system'],
      testMatch: ['<rootDir>/src/{server,provider,http}/**/*.test.{ts,tsx}', '<rootDir>/config/**/*.test.ts', '<rootDir>/tests/{bench,system}/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
      // The server renderer runs the app, whose modules import their CSS.
      moduleNameMapper,
    },
    {
      // Strapi from cms/ against the content pack: npm run test:cms (installs and starts Strapi).
      displayName: 'cms',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/cms'],
      testMatch: ['<rootDir>/tests/cms/**/*.test.ts'],
      // SQLite, or with CMS_TEST_DATABASE=postgres a PostgreSQL database per file.
      setupFiles: ['<rootDir>/config/jest/setupServer.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/cms/setupCmsDatabase.ts'],
      // Strapi seeded once for the run; each file starts on a copy (tests/cms/seededTemplate.ts).
      globalSetup: '<rootDir>/tests/cms/globalSetup.ts',
      globalTeardown: '<rootDir>/tests/cms/globalTeardown.ts',
      transform,
      transformIgnorePatterns,
      moduleNameMapper,
    },
  ],
  collectCoverageFrom: ['src/api/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!src/**/*.testing.{ts,tsx}'],
  coverageReporters: ['text-summary', 'json-summary'],
  coverageThreshold: {
    global: {},
    'src/api/': { lines: 90 },
    'src/features/': { lines: 90 },
  },
};

export default config;
