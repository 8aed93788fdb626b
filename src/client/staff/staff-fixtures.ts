import pharmacyInfo from '../../../schemas/steps/pharmacy-info.schema.json';
import registerConfig from '../../../schemas/register-config.json';
import type { FilterChoices, FilterField, FunnelAnswer } from '../../shared/staff-contract.js';
import { fa } from '../../shared/strings.fa.js';
import type { RegistrationPage, RegistrationSummary, TimelineEvent } from './staff-api.js';

/** Sample data for the console's stories: what the staff API answers. */
export const sampleSummary: RegistrationSummary = {
  id: 1,
  trackingCode: '7K3M9QXD',
  status: 'new',
  createdAt: '2026-11-20T08:30:00.000Z',
  pharmacyName: 'داروخانه دکتر رضایی',
  firstName: 'علی',
  lastName: 'رضایی',
  mobileNumber: '09123456789',
  nationalCode: '0499370899',
};

export const sampleRegistration: RegistrationPage = {
  ...sampleSummary,
  status: 'contacted',
  address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
  latitude: 35.72,
  longitude: 51.39,
  next: ['approved', 'rejected'],
  answers: [
    { path: 'name', title: 'نام داروخانه', value: 'داروخانه دکتر رضایی' },
    { path: 'type', title: 'نوع داروخانه', value: 'شبانه‌روزی' },
    { path: 'hasDavajoo', title: 'پیش‌تر با سامانه دواجو کار کرده‌ام', value: 'خیر' },
  ],
  notes: [
    {
      id: 1,
      body: 'فردا دوباره تماس بگیرید.',
      created_at: Date.parse('2026-11-21T09:00:00Z'),
      author: 'agent@example.ir',
    },
  ],
  timeline: [
    {
      id: 1,
      at: Date.parse('2026-11-21T08:55:00Z'),
      action: 'status',
      actor: 'agent@example.ir',
      registration_id: 1,
      detail: { from: 'new', to: 'contacted' },
    },
    {
      id: 2,
      at: Date.parse('2026-11-21T09:00:00Z'),
      action: 'note',
      actor: 'agent@example.ir',
      registration_id: 1,
      detail: { body: 'فردا دوباره تماس بگیرید.' },
    },
  ],
  duplicates: [
    { id: 7, trackingCode: 'Q2W8N4RT', pharmacyName: 'داروخانه دکتر رضایی', status: 'new', reasons: ['national_code'] },
  ],
};

export const sampleFunnel: FunnelAnswer = {
  versions: ['3f9c2a1b'],
  rows: [
    {
      day: '2026-11-21',
      tier: 1,
      visits: 120,
      steps: { '1': 110, '2': 64, '3': 41, '4': 30, '5': 26 },
      registrations: 24,
      conversion: 0.2,
    },
    {
      day: '2026-11-20',
      tier: 2,
      visits: 40,
      steps: { '1': 38, '2': 20, '3': 12, '4': 9, '5': 8 },
      registrations: 7,
      conversion: 0.175,
    },
  ],
};

/** A select filter as the server builds it from a field of schemas/ (staff/filter-choices.ts). */
function schemaField(node: { title: string; oneOf: Array<{ const: number; title: string }> }): FilterField {
  return { title: node.title, choices: node.oneOf.map((option) => ({ id: option.const, title: option.title })) };
}

export const sampleChoices: FilterChoices = {
  tier: { title: fa.staff.plan, choices: registerConfig.tiers },
  type: schemaField(pharmacyInfo.properties.type),
  service: schemaField(pharmacyInfo.properties.service),
};

/** The latest audit entries as an admin reads them: a sign-in, the case's work, an export. */
export const sampleAudit: TimelineEvent[] = [
  {
    id: 4,
    at: Date.parse('2026-11-22T07:10:00Z'),
    action: 'export',
    actor: 'admin@example.ir',
    registration_id: null,
    detail: { format: 'csv', count: 42 },
  },
  ...[...sampleRegistration.timeline].reverse(),
  {
    id: 0,
    at: Date.parse('2026-11-21T08:50:00Z'),
    action: 'sign_in',
    actor: 'agent@example.ir',
    registration_id: null,
    detail: null,
  },
];
