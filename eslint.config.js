import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

/*
 * Module faces (docs/architecture.md): a server module or web feature/entity is reached only through
 * its index.ts, so what it keeps inside can change without breaking its neighbours; route files are
 * wired only by app.ts, so every route is visible in one place. Paths are resolved against the file,
 * never through the file system: bare specifiers (`@fbo/shared/...`, packages) are not looked at.
 */
const LAYERS = [
  { root: 'apps/server/src/modules', faceOnly: ['apps/server/src/modules'] },
  { root: 'apps/web/src/features', faceOnly: ['apps/web/src/features'] },
  { root: 'apps/web/src/entities', faceOnly: ['apps/web/src/entities'], forbidden: ['apps/web/src/features'] },
];
const APP_ENTRY = 'apps/server/src/app.ts';
const FACE = /^index(\.tsx?|\.jsx?)?$/;
const ROUTES = /\.routes(\.[cm]?[jt]s)?$/;

/** `dir`/`name` of `file` when it lies under `root` (a path ending `/root/`), else null. */
function unitOf(file, root) {
  const at = file.lastIndexOf(`/${root}/`);
  if (at < 0) return null;
  const rest = file.slice(at + root.length + 2).split('/');
  return { base: file.slice(0, at + 1), name: rest[0], inner: rest.slice(1) };
}

function checkImport(context, node, spec) {
  if (typeof spec !== 'string' || !spec.startsWith('.')) return;
  const file = context.filename.split(path.sep).join('/');
  if (/\/apps\/[^/]+\/test\//.test(file)) return;
  const target = path.posix.resolve(path.posix.dirname(file), spec);
  if (ROUTES.test(target) && target.includes('/apps/server/src/') && !file.endsWith(`/${APP_ENTRY}`)) {
    context.report({ node, messageId: 'routes', data: { spec } });
    return;
  }
  for (const layer of LAYERS) {
    const from = unitOf(file, layer.root);
    if (!from) continue;
    for (const other of layer.forbidden ?? []) {
      if (unitOf(target, other)) context.report({ node, messageId: 'forbidden', data: { spec, layer: layer.root, other } });
    }
    for (const root of layer.faceOnly) {
      const to = unitOf(target, root);
      if (!to || to.name === from.name) continue;
      const throughFace = to.inner.length === 0 || (to.inner.length === 1 && FACE.test(to.inner[0]));
      if (!throughFace) context.report({ node, messageId: 'face', data: { spec, unit: to.name } });
    }
  }
}

const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Reach another module, feature or entity only through its index.ts; *.routes only from app.ts' },
    schema: [],
    messages: {
      face: "'{{spec}}' reaches past the face of '{{unit}}': import what it exports from its index.ts.",
      routes: "'{{spec}}' is a routes file: only apps/server/src/app.ts registers routes.",
      forbidden: "'{{spec}}': code in {{layer}} may not import from {{other}}.",
    },
  },
  create(context) {
    const check = (node) => node.source && checkImport(context, node.source, node.source.value);
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => node.source.type === 'Literal' && checkImport(context, node.source, node.source.value),
    };
  },
};

/** Exported for apps/server/test/lint-boundaries.test.ts. */
export const boundariesPlugin = { rules: { 'module-boundaries': moduleBoundaries } };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly', process: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', fetch: 'readonly', performance: 'readonly', Blob: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries: boundariesPlugin },
    rules: { 'boundaries/module-boundaries': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
