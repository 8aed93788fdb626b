import { Link } from 'react-router-dom';
import { STATUS_CODE_PARAM, STATUS_ROUTE } from '../../shared/contracts/followup.js';
import { fa } from '../../shared/text/wizard-strings.fa.js';

/**
 * The way to /status: on the result page «پیگیری وضعیت» with the tracking code filled in (never the
 * mobile number: it would sit in the history and the server's access logs), on the welcome page
 * «پیگیری ثبت‌نام» for a manager who comes back another day.
 */
export function StatusLink({ trackingCode }: { trackingCode?: string }) {
  if (trackingCode) {
    const search = new URLSearchParams({ [STATUS_CODE_PARAM]: trackingCode }).toString();
    return (
      <Link className="button button--primary" to={{ pathname: STATUS_ROUTE, search }}>
        {fa.followup.status.resultLink}
      </Link>
    );
  }
  return (
    <p className="welcome__status">
      {fa.followup.status.welcomeLinkHint} <Link to={STATUS_ROUTE}>{fa.followup.status.welcomeLink}</Link>
    </p>
  );
}
