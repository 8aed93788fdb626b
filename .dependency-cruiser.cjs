// The import graph (`npm run imports:check`, a stage of `npm test`), on resolved paths, type-only
// imports included (a type import still ties two rooms together): no cycle anywhere, and the part
// of the rooms' low-to-high order written below (the lowest rooms, what mounts what, the console's
// features apart); docs/architecture.md says what is not checked. ESLint (eslint.config.js) keeps
// the coarse layers: src/shared ← client and server, widgets apart from both.
// Inside widgets/, templates/ (the field chrome the stepper and the stories share) is the lowest room.
const serverLowRooms = '(definition|audit|throttle|outbox|idempotency|captcha|locations)';
const staffFeatures = '(list|case|funnel|insights|audit|definition|outbox|integrations)';

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
    {
      name: 'server-db-is-lowest',
      severity: 'error',
      comment: 'db/ names no feature: each room adds its own tables to Database (db/tables.ts).',
      from: { path: '^src/server/db/' },
      to: { path: '^src/server/[^/]+/', pathNot: '^src/server/db/' },
    },
    {
      name: 'server-low-rooms-use-db-only',
      severity: 'error',
      comment:
        "The definition's model, audit, throttle, the leased outbox, idempotency, captcha and locations are used by features and use none: only db/ and the server's shared files (errors.ts, api-tags.ts, choices.schemas.ts).",
      from: { path: `^src/server/${serverLowRooms}/` },
      to: { path: '^src/server/[^/]+/', pathNot: ['^src/server/$1/', '^src/server/db/'] },
    },
    {
      name: 'server-rooms-do-not-import-what-mounts-them',
      severity: 'error',
      comment: 'Rooms are mounted by app.ts, plugins/ and the CLIs; they never import them.',
      from: { path: '^src/server/[^/]+/', pathNot: '^src/server/(plugins|cli)/' },
      to: { path: ['^src/server/(plugins|cli)/', '^src/server/(app|server)\\.ts$'] },
    },
    {
      name: 'server-routes-folder-is-mounted-not-used',
      severity: 'error',
      comment: 'routes/ holds routes that belong to no room; no room builds on them.',
      from: { path: '^src/server/[^/]+/', pathNot: '^src/server/(plugins|cli|routes)/' },
      to: { path: '^src/server/routes/' },
    },
    {
      name: 'client-api-and-state-are-lowest',
      severity: 'error',
      comment: 'api/ and state/ are the lowest rooms of the client: no screen, no wizard room, no console.',
      from: { path: '^src/client/(api|state)/' },
      to: { path: '^src/client/(app|pages|form|status|wizard|definition|staff)/' },
    },
    {
      name: 'client-wizard-is-below-the-screens',
      severity: 'error',
      comment: 'wizard/ (environment, navigation, plan, step heading) is what app/, pages/, form/ and status/ share.',
      from: { path: '^src/client/wizard/' },
      to: { path: '^src/client/(app|pages|form|status|staff)/' },
    },
    {
      name: 'client-screens-are-mounted-by-app',
      severity: 'error',
      comment:
        'Screens and the definition source are mounted by app/, never the other way, and know nothing of the console.',
      from: { path: '^src/client/(pages|form|status|definition)/' },
      to: { path: '^src/client/(app|staff)/' },
    },
    {
      name: 'staff-features-apart',
      severity: 'error',
      comment: 'A console feature reaches another only through ui/ or session/, and is mounted by shell/.',
      from: { path: `^src/client/staff/${staffFeatures}/` },
      to: { path: `^src/client/staff/(${staffFeatures.slice(1, -1)}|shell)/`, pathNot: '^src/client/staff/$1/' },
    },
    {
      name: 'staff-shared-rooms-are-low',
      severity: 'error',
      comment: 'ui/ and session/ are what every console feature shares: no feature, not the shell.',
      from: { path: '^src/client/staff/(ui|session)/' },
      to: { path: `^src/client/staff/(${staffFeatures.slice(1, -1)}|shell)/` },
    },
    {
      name: 'staff-does-not-reach-into-the-wizard',
      severity: 'error',
      comment: "Only the editor's preview renders the wizard; the rest of the console uses none of its rooms.",
      from: { path: '^src/client/staff/', pathNot: '^src/client/staff/definition/preview/' },
      to: { path: '^src/client/(app|pages|form|status|wizard)/' },
    },
    {
      name: 'widgets-are-below-the-client',
      severity: 'error',
      comment:
        "widgets/ (the widgets, their registry and the field chrome) is what the client's stepper and the stories mount; it never imports src/client (ESLint says the same on import specifiers).",
      from: { path: '^widgets/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'field-chrome-knows-no-widget',
      severity: 'error',
      comment:
        'widgets/templates/ (label, hint, error, error summary, aria merging) wraps any widget, so it imports none: only src/shared and RJSF.',
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
