/**
 * The console's route table: one entry per screen. Its address and the roles that see it come from
 * `consoleScreens` (src/shared/contracts/staff.ts), the single source the server's fallback and the
 * navigation share; a screen with a `navTitle` gets a link in the navigation of those roles.
 *
 * To add a screen, add its entry here, e.g.
 *   { screen: 'outbox', navTitle: faConsole.outbox.title, Screen: lazy(() => import('../outbox/OutboxScreen.js')) }
 */
import { lazy, type ComponentType } from 'react';
import { consoleScreens, type StaffRole } from '../../../shared/contracts/staff.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import RegistrationScreen from '../case/RegistrationScreen.js';
import { RegistrationsScreen } from '../list/RegistrationsScreen.js';

export type ScreenName = keyof typeof consoleScreens;

export interface ConsoleRoute {
  screen: ScreenName;
  /** The screen's link in the navigation; none for a screen reached from another (a case). */
  navTitle?: string;
  /** The screen itself (React.lazy for one that should not weigh on the others' load). */
  Screen: ComponentType;
}

export const consoleRoutes: readonly ConsoleRoute[] = [
  { screen: 'registrations', navTitle: faConsole.staff.registrationsScreen, Screen: RegistrationsScreen },
  { screen: 'registration', Screen: RegistrationScreen },
  { screen: 'funnel', navTitle: faConsole.staff.funnel, Screen: lazy(() => import('../funnel/FunnelScreen.js')) },
  { screen: 'audit', navTitle: faConsole.staff.auditLog, Screen: lazy(() => import('../audit/AuditScreen.js')) },
  // The wizard's editor (CodeMirror and all in its own chunk).
  {
    screen: 'definition',
    navTitle: faConsole.editor.title,
    Screen: lazy(() => import('../definition/DefinitionScreen.js')),
  },
  // The form's behaviour, per version (product staff and agents); after the editor, so an editor's
  // console opens on the editor and an agent's on the registrations.
  {
    screen: 'insights',
    navTitle: faConsole.insights.title,
    Screen: lazy(() => import('../insights/InsightsScreen.js')),
  },
  // The SMS outbox.
  { screen: 'outbox', navTitle: faConsole.outbox.title, Screen: lazy(() => import('../outbox/OutboxScreen.js')) },
  // Webhooks and API keys.
  {
    screen: 'integrations',
    navTitle: faConsole.integrations.title,
    Screen: lazy(() => import('../integrations/IntegrationsScreen.js')),
  },
];

export const pathOf = (screen: ScreenName): string => consoleScreens[screen].path;

export function mayOpen(role: StaffRole, screen: ScreenName): boolean {
  return (consoleScreens[screen].roles as readonly StaffRole[]).includes(role);
}

/** The navigation's links for a role, in the table's order. */
export function navigationFor(role: StaffRole, routes: readonly ConsoleRoute[] = consoleRoutes) {
  return routes
    .filter((route) => route.navTitle !== undefined && mayOpen(role, route.screen))
    .map((route) => ({ screen: route.screen, title: route.navTitle!, path: pathOf(route.screen) }));
}
