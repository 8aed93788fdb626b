import { NavLink } from 'react-router-dom';
import type { StaffMe } from '../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';

export interface ConsoleHeaderProps {
  me: StaffMe;
  /** The screens this colleague's role sees (screens.tsx's navigationFor). */
  links: Array<{ path: string; title: string }>;
  onSignOut: () => void;
}

/** The console's bar: its name, a link per screen of the colleague's role (the current one marked), who is signed in, sign-out. */
export function ConsoleHeader({ me, links, onSignOut }: ConsoleHeaderProps) {
  return (
    <header className="staff-header">
      <span className="staff-title">{faConsole.staff.title}</span>
      {links.length > 0 && (
        <nav aria-label={faConsole.staff.screensNav} className="staff-nav">
          <ul>
            {links.map((link) => (
              <li key={link.path}>
                {/* A case's page keeps the list marked: it is part of the list's work. */}
                <NavLink to={link.path}>{link.title}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <bdi className="staff-me">{me.email}</bdi>
      <button type="button" className="staff-link" onClick={onSignOut}>
        {faConsole.staff.signOut}
      </button>
    </header>
  );
}
