// ESLint for the whole repository: `npm run lint` (zero warnings; part of `npm test`).
// TypeScript is linted with type information (typescript-eslint's recommended type-checked rules, through the
// tsconfig.json that `npm run typecheck` uses); the web app's hooks and markup add react-hooks and jsx-a11y.
// Formatting is Prettier's alone (`npm run format:check`): eslint-config-prettier, last, turns off the rules that
// would disagree with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Generated or built files, and what the tests and tools leave behind.
    ignores: ['dist/', 'data/', 'backups/', '.tmp/', 'test-results/', 'playwright-report/', 'src/api/schema.d.ts', 'machines/stately/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // An async function without await is deliberate here: promise actors (fromPromise) and handlers keep the
      // promise-returning signature they are called with, and a synchronous throw becomes a rejection.
      '@typescript-eslint/require-await': 'off',
      // A leading underscore names a value kept for its position or dropped from a rest destructuring.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A failed call rejects with its CallFailure value (a promise actor's onError reads it), not with an Error.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'file', name: 'CallFailure', path: 'src/api/client.ts' }] }],
      // react-router's navigate returns a promise only for a data router's transitions: the app never awaits one.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      // Matching control characters is what these expressions are for (input hardening and its tests).
      'no-control-regex': 'off',
    },
  },
  {
    // Plain JavaScript (this file, small scripts) is outside the TypeScript project.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tests read JSON answers (the inject response's json(), a row of a raw query) as any and assert on them, and
    // keep a method to put it back after replacing it.
    files: ['tests/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },
  prettier,
);
