import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Every folder under app/features is one feature; a new folder gets its own zone without an edit here.
const appFeatures = readdirSync(path.join(import.meta.dirname, 'app/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Features never import each other's files: what two features need lives in app/components,
// app/lib or app/live (docs/decisions/064-feature-boundaries.md).
const featureZones = appFeatures.map((feature) => ({
  target: `./app/features/${feature}`,
  from: './app/features',
  except: [`./${feature}`],
  message: `app/features/${feature} may not import another feature; move what both need to app/components, app/lib or app/live`,
}));

// Resolved from this file (basePath), not the working directory, so ESLint run from elsewhere
// applies the same zones.
const layerZones = [
  { target: './core', from: ['./server', './app', './e2e', './bench'], message: 'core imports nothing of ours' },
  { target: './app', from: './server', message: 'the web talks to the server over HTTP/MQTT or the load context' },
  { target: './server', from: './app', message: 'the server does not import the web app' },
  {
    target: ['./app/components', './app/lib', './app/live', './app/i18n', './app/test-support'],
    from: './app/features',
    message: 'shared app code does not depend on a feature; only app/root.tsx and app/routes.ts wire features in',
  },
  ...featureZones,
];

// Every folder under server/modules is one server feature, likewise without an edit here.
const serverModules = readdirSync(path.join(import.meta.dirname, 'server/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A server feature uses another only through that one's public.ts; its definition
// (<feature>.module.ts) is for server/modules/index.ts alone. What two features need and neither
// owns moves down, not out of a public file (docs/decisions/138-server-module-boundaries.md).
const moduleBoundaryZones = serverModules.flatMap((feature) =>
  serverModules
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./server/modules/${feature}`,
      from: `./server/modules/${other}`,
      except: ['./public.ts'],
      message:
        `server/modules/${feature} may only import server/modules/${other}/public.ts; ` +
        `import ../${other}/public.ts, or move what both need to server/lib, server/http or core`,
    })),
);

// Match data flows feed → modules/matches (the write service), never back: a module that needs
// a feed piece gets it handed in (docs/decisions/061). Tests may drive a module with feed data.
const serverModuleZones = [
  ...layerZones,
  {
    target: './server/modules',
    from: './server/feed',
    message: 'server modules do not import the feed; the feed calls the match write service, and modules get feed pieces handed in',
  },
  ...moduleBoundaryZones,
];

// The composition root (server/app.ts, server/start.ts, …) takes the features from
// server/modules/index.ts, never a definition file itself.
const compositionZones = [
  ...layerZones,
  {
    target: path.join(import.meta.dirname, 'server/*.ts'),
    from: './server/modules/*/*.module.ts',
    message: 'a feature\'s definition is listed in server/modules/index.ts only; read the features from MODULES',
  },
];

// The lower layers every feature builds on know no feature: HTTP plumbing (the current user, the
// error handler, uploads, the file route) and storage (docs/decisions/132); limits, their
// settings and other shared helpers (decision 134); the job runner and outbox, the live channel,
// the SSR glue and the database (decision 138). What they need of a feature is handed in by
// server/app.ts or server/start.ts, and a feature's own jobs are registered by its definition.
const lowerLayers = ['http', 'storage', 'lib', 'settings', 'jobs', 'live', 'web', 'db'];
const lowerLayerZones = [
  ...layerZones,
  {
    target: ['./server/http', './server/storage'],
    from: './server/modules',
    message: 'server/http and server/storage are beneath every feature and import none; features call them',
  },
  {
    target: ['./server/lib', './server/settings'],
    from: './server/modules',
    message: 'server/lib and server/settings are beneath every feature and import none; features call them',
  },
  {
    target: ['./server/jobs', './server/live', './server/web', './server/db'],
    from: './server/modules',
    message:
      'server/jobs, server/live, server/web and server/db are beneath every feature and import none; ' +
      'a feature registers its jobs in its definition, and what these need of a feature is handed in by server/app.ts or server/start.ts',
  },
];

const noFocusedOrSkippedTests = [
  { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
  { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
];

// The web app names no API address by hand: an endpoint is defined once in its feature's
// contract and called by name (docs/decisions/137-endpoints-named-once.md). A string or a
// template that starts an /api/ path is refused; tests may still write the addresses they check.
const API_PATH_MESSAGE =
  'No hand-written /api/ path in the app: define the endpoint in core/contracts/<feature>.ts (defineEndpoint) and call it with ' +
  'callEndpoint or endpointCalls (app/lib/endpoint-client.ts, app/lib/endpoint-calls.ts); a link the browser follows is named in core/contracts/links.ts (decision 137)';
const noHandWrittenApiPaths = [
  { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: API_PATH_MESSAGE },
  { selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: API_PATH_MESSAGE },
];

// Tests and their helpers may reach a feature's internals to set up what they check.
const testFiles = ['server/**/*.test.ts', 'server/**/*-test-support.ts', 'server/**/*-test-client.ts'];

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'data/**', 'node_modules/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...noFocusedOrSkippedTests],
      // core/ is pure: it imports nothing of ours; app never reaches into server internals.
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.{ts,tsx}', 'app/test-support/**'],
    rules: { 'no-restricted-syntax': ['error', ...noFocusedOrSkippedTests, ...noHandWrittenApiPaths] },
  },
  {
    files: lowerLayers.map((layer) => `server/${layer}/**/*.ts`),
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: lowerLayerZones }] },
  },
  {
    files: ['server/modules/**/*.ts'],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverModuleZones }] },
  },
  {
    files: ['server/*.ts'],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: compositionZones }] },
  },
);
