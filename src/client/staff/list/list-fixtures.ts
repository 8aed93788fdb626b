import pharmacyInfo from '../../../../schemas/steps/pharmacy-info.schema.json';
import registerConfig from '../../../../schemas/register-config.json';
import type { CasePage, FilterChoices, FilterField } from '../../../shared/contracts/staff.schemas.js';
import { faConsole } from '../../../shared/text/console-strings.fa.js';
import { sampleAdmin, sampleAgent, sampleSummary } from '../ui/staff-fixtures.js';

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

/** A select filter as the server builds it from a field of schemas/ (staff/filter-choices.ts). */
function schemaField(node: { title: string; oneOf: Array<{ const: number; title: string }> }): FilterField {
  return { title: node.title, choices: node.oneOf.map((option) => ({ id: option.const, title: option.title })) };
}

export const sampleChoices: FilterChoices = {
  tier: { title: faConsole.staff.plan, choices: registerConfig.tiers },
  type: schemaField(pharmacyInfo.properties.type),
  service: schemaField(pharmacyInfo.properties.service),
};
