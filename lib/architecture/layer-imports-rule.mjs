// The layer rules of docs/team-conventions.md as one ESLint rule that resolves what it checks.
//
// `no-restricted-imports` matches the text of a specifier, so `'../state/run-store'`,
// `import('@/lib/state/run/run-store')` and `export … from` slipped past rules written for `@/` paths.
// This rule turns every module reference of a file (static import, `export … from`, dynamic
// `import()`, `require()`) into one canonical spelling before matching: a path inside the
// repository becomes `@/folder/file` whatever its spelling, a package stays its name. The
// rules of every layer a file belongs to apply together, so no config block can shadow another.
import path from 'node:path';

/**
 * @typedef {{ regex: string, message: string, allowTypeImports?: boolean }} LayerPattern
 * @typedef {{ folders: string[], patterns: LayerPattern[], includeTests?: boolean }} Layer
 */

const testFile = /(^|\/)testing\/|\.test\.tsx?$/;

/** `@/lib/x/y` for a specifier that names a file of the repository; the package name otherwise. */
export function canonicalSpecifier(specifier, importingFile, repositoryRoot) {
  if (specifier.startsWith('@/')) return withoutExtension(path.posix.normalize(specifier));
  if (!specifier.startsWith('.')) return specifier;
  const absolute = path.resolve(path.dirname(importingFile), specifier);
  const relative = path.relative(repositoryRoot, absolute).split(path.sep).join('/');
  if (relative.startsWith('..')) return specifier;
  return withoutExtension(`@/${relative}`);
}

function withoutExtension(specifier) {
  return specifier.replace(/\.(?:ts|tsx|mts|js|mjs|jsx)$/, '');
}

function repositoryPath(filename, repositoryRoot) {
  return path.relative(repositoryRoot, filename).split(path.sep).join('/');
}

/** Every pattern of every layer whose folders hold the file. */
function patternsFor(file, layers) {
  const isTest = testFile.test(file);
  return layers
    .filter((layer) => (layer.includeTests || !isTest) && layer.folders.some((folder) => file.startsWith(folder)))
    .flatMap((layer) => layer.patterns)
    .map((pattern) => ({ ...pattern, compiled: new RegExp(pattern.regex) }));
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
export const layerImportsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer rules, however the module is spelled.' },
    schema: [{ type: 'object', properties: { layers: { type: 'array' } }, required: ['layers'], additionalProperties: false }],
  },
  create(context) {
    const repositoryRoot = context.cwd;
    const file = repositoryPath(context.filename, repositoryRoot);
    const patterns = patternsFor(file, context.options[0].layers);
    if (patterns.length === 0) return {};

    function check(node, sourceNode, typeOnly) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const canonical = canonicalSpecifier(sourceNode.value, context.filename, repositoryRoot);
      for (const pattern of patterns) {
        if (typeOnly && pattern.allowTypeImports) continue;
        if (pattern.compiled.test(canonical)) {
          context.report({ node, message: `'${sourceNode.value}' (${canonical}): ${pattern.message}` });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      // `typeof import('…')` and `import('…').Type` in a type position bring in types only.
      TSImportType: (node) => check(node, node.source ?? node.argument?.literal, true),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0], false);
      },
    };
  },
};
