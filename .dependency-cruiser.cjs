// The import graph (`npm run imports:check`, a stage of `npm test`), on resolved paths, type-only
// imports included (a type import still ties two rooms together). The rooms of each side are
// written once below, low to high, one level a line (rooms on one line may import each other);
// the rules are generated from that order: a room imports only rooms on its own line or below.
// README's room map («How it is built») lists the same rooms in the same order
// (tests/unit/docs/room-order.test.ts). Beside the order: no cycle anywhere, the layers
// (src/shared below both sides, widgets/ below src/client, the two sides apart; ESLint says the
// same on import specifiers), and the console's features apart.

/** The server's rooms, low to high: folders end with `/`, the files at the top of src/server are named. */
const serverOrder = `
paths.ts errors.ts api-tags.ts api.schemas.ts client-address.ts
config.ts staff-identity.ts
db/
definition-check/
definition/
definition-assets/
audit/
throttle/
outbox/
idempotency/ captcha/ locations/
sms/
webhooks/
status/
mobile-code/
registration/
staff/
definition-publishing/
api-keys/
address/ statistics/ insights/ metrics/
routes/
plugins/
app.ts
server.ts cli/
`;

/** The client's rooms, low to high (the console's features share a line but reach each other only through ui/ and session/). */
const clientOrder = `
styles/ step-test.ts wizard-full.ts wizard-source.ts virtual-modules.d.ts
api/ state/
wizard/
definition/
form/ pages/ status/
app/
page-loader/
ssr/
build/
stories/
main.tsx prerender.tsx
staff/ui/
staff/session/
staff/list/ staff/case/ staff/funnel/ staff/insights/ staff/audit/ staff/definition/ staff/outbox/ staff/integrations/
staff/shell/
`;

/** The layers, low to high: what each side may build on. */
const layers = [
  ['src/shared/', []],
  ['widgets/', ['src/shared/']],
  ['src/server/', ['src/shared/']],
  ['src/client/', ['src/shared/', 'widgets/']],
];

/** One level a line, its rooms split on spaces. */
const levelsOf = (order) =>
  order
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A folder is everything under it, a file is itself. */
const pathOf = (root, room) => `^${escape(root + room)}${room.endsWith('/') ? '' : '$'}`;

/** For each level but the top: its rooms import none of the rooms above it. */
function orderRules(side, root, order) {
  const levels = levelsOf(order);
  return levels.slice(0, -1).map((rooms, index) => ({
    name: `${side}-order:${rooms.join(' ')}`,
    severity: 'error',
    comment: `${rooms.join(' ')} (${side} level ${index + 1} of ${levels.length}) imports only rooms on its own line or below it in the order of .dependency-cruiser.cjs.`,
    from: { path: rooms.map((room) => pathOf(root, room)) },
    to: {
      path: levels
        .slice(index + 1)
        .flat()
        .map((room) => pathOf(root, room)),
    },
  }));
}

function layerRules() {
  const all = layers.map(([layer]) => layer);
  return layers.map(([layer, below]) => ({
    name: `layer:${layer}`,
    severity: 'error',
    comment: `${layer} builds only on ${below.length ? below.join(' and ') : 'packages'}.`,
    from: { path: `^${escape(layer)}` },
    to: { path: all.filter((other) => other !== layer && !below.includes(other)).map((other) => `^${escape(other)}`) },
  }));
}

const staffFeatures = levelsOf(clientOrder)
  .find((rooms) => rooms.includes('staff/list/'))
  .map((room) => room.slice('staff/'.length, -1))
  .join('|');

/** The contract's schemas and the TypeBox they are built with: the server's alone at run time. */
const typeboxRuntime = [
  '^src/shared/.+\\.schemas\\.ts$',
  '(^|/)node_modules/typebox/',
  '(^|/)node_modules/@fastify/type-provider-typebox/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Two modules that import each other (through any path) are one room split in two.',
      from: {},
      to: { circular: true },
    },
    ...layerRules(),
    ...orderRules('server', 'src/server/', serverOrder),
    ...orderRules('client', 'src/client/', clientOrder),
    {
      name: 'client-takes-contract-schemas-as-types',
      severity: 'error',
      comment:
        "The contract's TypeBox schemas (src/shared/**/*.schemas.ts) run on the server; the client and the widgets import only their derived types (`import type`), so not a byte of TypeBox reaches a bundle.",
      from: { path: '^(src/client|widgets)/' },
      to: { path: typeboxRuntime, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-runtime-stays-plain',
      severity: 'error',
      comment:
        'What src/shared runs on both sides (the contracts’ paths and values, the definition, the texts) imports no TypeBox and no schemas file at run time: only other schemas files do.',
      from: { path: '^src/shared/', pathNot: '\\.schemas\\.ts$' },
      to: { path: typeboxRuntime, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'staff-features-apart',
      severity: 'error',
      comment: 'A console feature reaches another only through ui/ or session/ (they share a level, not each other).',
      from: { path: `^src/client/staff/(${staffFeatures})/` },
      to: { path: `^src/client/staff/(${staffFeatures})/`, pathNot: '^src/client/staff/$1/' },
    },
    {
      name: 'staff-does-not-reach-into-the-wizard',
      severity: 'error',
      comment: "Only the editor's preview renders the wizard; the rest of the console uses none of its rooms.",
      from: { path: '^src/client/staff/', pathNot: '^src/client/staff/definition/preview/' },
      to: { path: '^src/client/(app|pages|form|status|wizard)/' },
    },
    {
      name: 'field-chrome-knows-no-widget',
      severity: 'error',
      comment:
        'widgets/templates/ (label, hint, error, error summary, aria merging), the lowest room of widgets/, wraps any widget, so it imports none: only src/shared and RJSF.',
      from: { path: '^widgets/templates/' },
      to: { path: '^widgets/', pathNot: '^widgets/templates/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['widgets/vendor/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
