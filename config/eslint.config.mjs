// ESLint flat config: typescript-eslint, the react-hooks rules, and the module boundaries
// of ARCHITECTURE.md (shared → features → app; views stay pure; Node and browser apart).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

const zone = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'data/**', 'test-results/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./src/contracts', './src/!(contracts)/**', 'contracts depend on nothing'),
            zone('./src/ui', './src/!(ui|contracts|i18n)/**', 'ui is shared and pure: props in, markup out'),
            zone('./src/api', './src/!(api|contracts)/**', 'the api adapter knows only the contracts'),
            zone('./src/server', './src/!(server|contracts|provider)/**', 'the site server shares only contracts'),
            zone('./src/provider', './src/!(provider|contracts)/**', 'the provider shares only contracts'),
            zone('./src/!(server|provider)/**', './src/server', 'client code never imports Node code'),
            zone('./src/!(server|provider)/**', './src/provider', 'client code never imports Node code'),
          ],
        },
      ],
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
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
  },
  {
    // The one place the raw hooks are typed.
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests read untyped JSON answers.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Pure views: no store, no sagas, no HTTP.
    files: ['src/ui/**/*.{ts,tsx}', 'src/features/*/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react-redux', 'redux-saga*', 'axios', '**/api/*', '**/app/*'], message: 'Views take props and render.' }] },
      ],
    },
  },
);
