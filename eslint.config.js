import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules", ".wrangler", "migrations", "coverage", "public", "worker-configuration.d.ts"] },
  // A disable comment that no longer silences anything fails the lint.
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "warn",
    },
  },
  {
    // The service's own code is held to the type-checked rules: no value of
    // unknown shape flows on unchecked, no promise is left floating, and a
    // cast that the types already prove is an error.
    files: ["src/**/*.ts"],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      // No `as` cast (const assertions remain): a type guard, a schema parse,
      // a typed column or a generic proves the type instead. The few casts
      // the compiler cannot check carry
      // `// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- <why it is sound>`.
      "@typescript-eslint/consistent-type-assertions": ["error", { assertionStyle: "never" }],
    },
  },
  {
    // Tests build malformed payloads and partial fakes on purpose, and assert
    // on rows they have just created.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // Tests are type-checked for what makes a test pass without testing: a
    // promise nobody awaits (its assertion runs after the test ended, or
    // never), a promise where a value is expected, an `await` of a value.
    files: ["test/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", performance: "readonly", setTimeout: "readonly", TextDecoder: "readonly" } },
  },
);
