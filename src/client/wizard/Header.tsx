import { fa } from '../../shared/strings.fa.js';

/** The product logo and «سامانه یکپارچه مدیریت داروخانه», above every step. */
export function Header() {
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <img className="app-header__logo" src="/logo.svg" width="40" height="40" alt={fa.app.logoAlt} />
        <p className="app-header__title">{fa.app.headerTitle}</p>
      </div>
    </header>
  );
}
