// ESLint: TypeScript (type-checked), React hooks and accessibility rules over the server, the web app,
// the scripts and the tests. Formatting is Prettier's job (.prettierrc.json); nothing here checks layout.
//
// `npm run lint` runs without --cache: ESLint's cache is kept per file, and a type-checked rule's
// finding in one file depends on the types of the files it imports. With the cache, changing what
// fieldText() returns to `any` re-linted fieldText.ts alone and missed the 8 new problems in the files
// that call it. A full run costs about 60 s of CPU here (27 s before the type-checked rules); for
// quick rounds while editing, `npx eslint <files>` checks just those files with full type info.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-server/', 'data/', 'test-results/', 'content/', 'media/'] },
  js.configs.recommended,
  // Type-checked rules: a dropped promise (a rejection nobody sees), `any` spreading from a JSON body,
  // a method passed without its `this`. recommendedTypeChecked, not strictTypeChecked: strict found
  // 2,526 problems against 379, and the extra 2,100 were almost all style under this tsconfig —
  // 900 `x!` that noUncheckedIndexedAccess asks for on indexes checked a line above, 651 numbers in
  // template strings, 375 `() => setX(…)` arrows returning void — while its few findings of substance
  // (React 19's deprecated FormEvent, two fast-xml-parser deprecations) are not bugs.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Each file is checked with the tsconfig.json that includes it (the one at the root).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // In recommendedTypeChecked already; named here so no later preset can soften them.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The config files in JavaScript (eslint.config.js, .dependency-cruiser.cjs) are in no tsconfig.
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests read parsed XML and JSON documents and table rows over every entity: `any` there is the
    // honest type, and an assertion fails if a shape is wrong. For the same reason the no-unsafe-*
    // rules, which follow that `any` through member reads, calls and arguments, are off in tests only.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
