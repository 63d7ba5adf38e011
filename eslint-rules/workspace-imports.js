/**
 * An ESLint rule: a relative import stays inside its own area. An area is a workspace (a folder with a package.json
 * under apps/* or packages/*) or one of the extra areas given (the analytics frame, a browser app inside the
 * analytics workspace). `import … from '../../src/content/types.ts'` in apps/analytics/frame is refused: code shared
 * between areas lives in a package and is imported by its name. Files outside every area (e2e, bench, scripts) are
 * not checked.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const areaCache = new Map();

/** The nearest folder at or above `dir` that is an area, or undefined. */
function areaOf(root, extraAreas, dir) {
  if (areaCache.has(dir)) return areaCache.get(dir);
  let found;
  const relative = path.relative(root, dir).split(path.sep).join('/');
  if (relative === '' || relative.startsWith('..')) found = undefined;
  else if (extraAreas.has(relative)) found = dir;
  else if (/^(apps|packages)\/[^/]+$/.test(relative) && existsSync(path.join(dir, 'package.json')))
    found = dir;
  else found = areaOf(root, extraAreas, path.dirname(dir));
  areaCache.set(dir, found);
  return found;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'Forbid relative imports that leave their workspace (import a package by name instead)',
    },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, extraAreas: { type: 'array', items: { type: 'string' } } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      climbs:
        "'{{source}}' leaves {{area}}: import what another workspace shares by its package name (move shared code into a package).",
    },
  },
  create(context) {
    const { root, extraAreas = [] } = context.options[0];
    const extra = new Set(extraAreas);
    const file = context.filename;
    const area = areaOf(root, extra, path.dirname(file));
    if (area === undefined) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      if (areaOf(root, extra, path.dirname(target)) === area && target.startsWith(area + path.sep)) return;
      context.report({
        node: source,
        messageId: 'climbs',
        data: { source: source.value, area: path.relative(root, area).split(path.sep).join('/') },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
