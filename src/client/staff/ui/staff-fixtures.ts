/**
 * Story data several rooms share: the clock, the colleagues, and the one sample case that the list,
 * the case's page and the audit log all show. Each room keeps the rest of its samples beside it.
 */
import { sampleLocations } from '../../../../widgets/story-fixtures.js';
import type { CaseDetail, CaseSummary, Colleague, StaffMe } from '../../../shared/contracts/staff.schemas.js';

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
