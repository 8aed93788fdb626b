import { fa } from '../../shared/text/wizard-strings.fa.js';

/**
 * The product logo and «سامانه یکپارچه مدیریت داروخانه», above every step. The logo is
 * drawn in the page itself (public/logo.svg's shapes), not fetched: on a slow network an image
 * request started with the HTML competes with it and holds back the first paint.
 */
export function Header() {
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <svg
          className="app-header__logo"
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 48 48"
          width="40"
          height="40"
          role="img"
          aria-label={fa.app.logoAlt}
        >
          <rect width="48" height="48" rx="12" fill="#0b5e4a" />
          <path d="M20 10h8v10h10v8H28v10h-8V28H10v-8h10z" fill="#fff" />
          <circle cx="36" cy="36" r="5" fill="#7fd1b9" />
        </svg>
        <p className="app-header__title">{fa.app.headerTitle}</p>
      </div>
    </header>
  );
}
