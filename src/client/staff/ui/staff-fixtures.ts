import pharmacyInfo from '../../../../schemas/steps/pharmacy-info.schema.json';
import registerConfig from '../../../../schemas/register-config.json';
import { sampleLocations } from '../../../../widgets/story-fixtures.js';
import type {
  AuditEvent,
  CaseDetail,
  CasePage,
  CaseSummary,
  Colleague,
  FilterChoices,
  FilterField,
  FunnelAnswer,
  StaffMe,
} from '../../../shared/staff-contract.js';
import { faConsole } from '../../../shared/console-strings.fa.js';

/** The moment the stories' waiting times are counted to (three days after the sample's last change). */
export const sampleNow = Date.parse('2026-11-24T10:00:00.000Z');

export const sampleAgent: Colleague = { id: 3, email: 'agent@example.ir', role: 'agent' };
export const sampleAdmin: Colleague = { id: 1, email: 'admin@example.ir', role: 'admin' };
export const sampleColleagues: Colleague[] = [
  sampleAdmin,
  sampleAgent,
  { id: 4, email: 'sara@example.ir', role: 'agent' },
];
export const agentMe: StaffMe = { id: sampleAgent.id, email: sampleAgent.email, role: 'agent' };
export const adminMe: StaffMe = { id: sampleAdmin.id, email: sampleAdmin.email, role: 'admin' };

const sampleProvince = sampleLocations.provinces[0];
export const sampleCity = sampleLocations.cities.find((city) => city.provinceId === sampleProvince.id)!;

/** Sample data for the console's stories: what the staff API answers. */
export const sampleSummary: CaseSummary = {
  id: 1,
  trackingCode: '7K3M9QXD',
  status: 'new',
  createdAt: '2026-11-20T08:30:00.000Z',
  pharmacyName: 'داروخانه دکتر رضایی',
  tier: 1,
  type: 1,
  service: 1,
  provinceId: sampleProvince.id,
  cityId: sampleCity.id,
  firstName: 'علی',
  lastName: 'رضایی',
  mobileNumber: '09123456789',
  nationalCode: '0499370899',
  assignee: null,
  waitingSince: '2026-11-20T08:30:00.000Z',
};

/** A page of the list: a new case nobody has, one an agent is calling, a closed one. */
export const sampleList: CasePage = {
  total: 3,
  page: 1,
  pageSize: 25,
  unassigned: 1,
  items: [
    sampleSummary,
    {
      ...sampleSummary,
      id: 2,
      trackingCode: 'Q2W8N4RT',
      status: 'contacted',
      pharmacyName: 'داروخانه شبانه‌روزی سینا',
      firstName: 'مریم',
      lastName: 'احمدی',
      mobileNumber: '09351234567',
      assignee: sampleAgent,
      waitingSince: '2026-11-24T06:00:00.000Z',
    },
    {
      ...sampleSummary,
      id: 3,
      trackingCode: 'H5T2L8PK',
      status: 'rejected',
      pharmacyName: 'داروخانه البرز',
      assignee: sampleAdmin,
      waitingSince: null,
    },
  ],
};

export const sampleRegistration: CaseDetail = {
  ...sampleSummary,
  status: 'contacted',
  assignee: sampleAgent,
  waitingSince: '2026-11-21T08:55:00.000Z',
  address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
  latitude: 35.72,
  longitude: 51.39,
  definitionVersion: '3f9c2a1b',
  next: ['approved', 'rejected'],
  answers: [
    { path: '/pharmacyInfo/name', title: 'نام داروخانه', value: 'داروخانه دکتر رضایی' },
    { path: '/pharmacyInfo/type', title: 'نوع داروخانه', value: 'شبانه‌روزی' },
    { path: '/location/provinceId', title: 'استان', value: sampleProvince.name },
    { path: '/location/cityId', title: 'شهر', value: sampleCity.name },
    { path: '/latitude', title: 'موقعیت داروخانه روی نقشه', value: '۳۵٫۷۲۰۰۰, ۵۱٫۳۹۰۰۰' },
    { path: '/pharmacyInfo/hasDavajoo', title: 'پیش‌تر با سامانه دواجو کار کرده‌ام', value: 'خیر' },
  ],
  notes: [
    {
      id: 1,
      body: 'فردا دوباره تماس بگیرید.',
      createdAt: '2026-11-21T09:00:00.000Z',
      author: 'agent@example.ir',
    },
  ],
  timeline: [
    {
      id: 1,
      at: '2026-11-21T08:55:00.000Z',
      action: 'status',
      actor: 'agent@example.ir',
      registration: { id: 1, trackingCode: '7K3M9QXD' },
      detail: { from: 'new', to: 'contacted' },
    },
    {
      id: 2,
      at: '2026-11-21T09:00:00.000Z',
      action: 'note',
      actor: 'agent@example.ir',
      registration: { id: 1, trackingCode: '7K3M9QXD' },
      detail: { body: 'فردا دوباره تماس بگیرید.' },
    },
    {
      id: 3,
      at: '2026-11-21T09:05:00.000Z',
      action: 'assign',
      actor: 'agent@example.ir',
      registration: { id: 1, trackingCode: '7K3M9QXD' },
      detail: { from: null, to: 'agent@example.ir' },
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
  tier: { title: faConsole.staff.plan, choices: registerConfig.tiers },
  type: schemaField(pharmacyInfo.properties.type),
  service: schemaField(pharmacyInfo.properties.service),
};

/** The latest audit entries as an admin reads them: a sign-in, the case's work, an export. */
export const sampleAudit: AuditEvent[] = [
  {
    id: 4,
    at: '2026-11-22T07:10:00.000Z',
    action: 'export',
    actor: 'admin@example.ir',
    registration: null,
    detail: { format: 'csv', count: 42 },
  },
  ...[...sampleRegistration.timeline].reverse(),
  {
    id: 0,
    at: '2026-11-21T08:50:00.000Z',
    action: 'sign_in',
    actor: 'agent@example.ir',
    registration: null,
    detail: null,
  },
];
