import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { ApiKeysPanel } from './components/ApiKeysPanel.js';
import { WebhooksPanel } from './components/WebhooksPanel.js';
import './integrations.css';

/**
 * «یکپارچه‌سازی» at /staff/integrations (admins; consoleScreens.integrations): signed webhooks to
 * the company's other systems, and the API keys they read registrations with.
 */
export default function IntegrationsScreen() {
  return (
    <section className="staff-card staff-integrations" aria-labelledby="integrations-heading">
      <h1 id="integrations-heading">{faConsole.integrations.title}</h1>
      <p>{faConsole.integrations.intro}</p>
      <WebhooksPanel />
      <ApiKeysPanel />
    </section>
  );
}
