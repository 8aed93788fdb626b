/**
 * The groups of the API document (/api/openapi.json): each operation names one. Declared once
 * here, with what each group is for; the openapi plugin lists them at the top of the document.
 */
export const apiTags = {
  wizard: { name: 'wizard', description: 'What the public wizard reads: its settings, places and a captcha.' },
  registration: { name: 'registration', description: 'Submitting a pharmacy pre-registration.' },
  statistics: { name: 'statistics', description: 'Anonymous counters of the welcome page and the steps reached.' },
  operations: { name: 'operations', description: 'For load balancers and monitoring.' },
  staffSession: { name: 'staff: session', description: 'Colleagues signing in and out of the staff console.' },
  staffRegistrations: {
    name: 'staff: registrations',
    description: 'The list of registrations, a case, the list’s filters and the colleagues.',
  },
  staffCaseWork: { name: 'staff: case work', description: 'Working a case: status, notes, who handles it.' },
  staffExport: { name: 'staff: export', description: 'The registrations as a CSV or JSON file (admins).' },
  staffAudit: { name: 'staff: audit', description: 'The audit log (admins).' },
  staffFunnel: { name: 'staff: funnel', description: 'The registration funnel.' },
  definition: {
    name: 'definition',
    description: 'The wizard’s published versions as the browser loads them: files and validators.',
  },
  staffDefinition: {
    name: 'staff: definition',
    description: 'Editing the wizard: versions, the draft, its diff, publish and rollback (editors and admins).',
  },
  followup: {
    name: 'follow-up',
    description: 'The manager’s status page by tracking code, and the one-time code that verifies a mobile number.',
  },
  staffOutbox: { name: 'staff: outbox', description: 'The SMS outbox: sent, waiting and failed messages (admins).' },
  staffWebhooks: {
    name: 'staff: webhooks',
    description:
      'Signed webhooks to the company’s other systems: endpoints, secrets, test events and the delivery log (admins).',
  },
  staffApiKeys: {
    name: 'staff: API keys',
    description: 'The keys other systems read registrations with: made, listed and revoked by admins.',
  },
  v1Registrations: {
    name: 'v1: registrations',
    description: 'Reading registrations from another system with an API key (`Authorization: Bearer prk_…`).',
  },
} as const;
