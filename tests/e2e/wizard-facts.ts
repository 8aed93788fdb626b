/**
 * What every browser test needs to know about the wizard, whatever drives the browser (Playwright
 * in tests/e2e, puppeteer and WebDriver in tests/engines): the definition's texts, the suites'
 * sample registration, the fixture captcha bank's answers and the run's database. No browser here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { digitsEnToFa } from '@persian-tools/persian-tools';
import { fa } from '../../src/shared/text/strings.fa.js';
import { faConsole } from '../../src/shared/text/console-strings.fa.js';
import { validAnswers } from '../fixtures/registration.js';
import { projectRoot } from './server.js';
import type { RegistrationRow } from '../../src/server/registration/registration.table.js';

// ---------------------------------------------------------------------------------------------
// Definition texts (schemas/ and src/shared/text/strings.fa.ts are the source; read, never copied).

const readJson = (file: string): any => JSON.parse(readFileSync(join(projectRoot, file), 'utf8'));

export const wizard = readJson('schemas/wizard.json') as {
  steps: { id: string; route: string; title: string; buttons?: { next?: string; back?: string; submit?: string } }[];
  rules: { title: string; articles: string[] };
};
const stepSchemas = {
  'pharmacy-info': readJson('schemas/steps/pharmacy-info.schema.json'),
  location: readJson('schemas/steps/location.schema.json'),
  manager: readJson('schemas/steps/manager.schema.json'),
} as const;
const registerConfig = readJson('schemas/register-config.json') as {
  tiers: { id: number; title: string }[];
  defaultTier: number;
};

export function step(id: string) {
  const found = wizard.steps.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no step ${id} in schemas/wizard.json`);
  return found;
}

/** Title (accessible label) of a field of a step schema. */
export function title(stepId: keyof typeof stepSchemas, field: string): string {
  return stepSchemas[stepId].properties[field].title as string;
}

/** Persian error message of a field for a JSON Schema keyword (or its single message). */
export function message(stepId: keyof typeof stepSchemas, field: string, keyword = 'required'): string {
  const errorMessage = stepSchemas[stepId].properties[field].errorMessage;
  return typeof errorMessage === 'string' ? errorMessage : (errorMessage[keyword] as string);
}

/** Title of an option (oneOf const) of a select field. */
export function optionTitle(stepId: keyof typeof stepSchemas, field: string, value: number): string {
  const option = (stepSchemas[stepId].properties[field].oneOf as { const: number; title: string }[]).find(
    (candidate) => candidate.const === value,
  );
  if (!option) throw new Error(`no option ${value} of ${stepId}/${field}`);
  return option.title;
}

export function tierTitle(id: number): string {
  return registerConfig.tiers.find((tier) => tier.id === id)!.title;
}
export const defaultTier = registerConfig.defaultTier;

export { fa, faConsole };

// ---------------------------------------------------------------------------------------------
// Digits

const persianDigits = '۰۱۲۳۴۵۶۷۸۹';
const arabicDigits = '٠١٢٣٤٥٦٧٨٩';
export function toAscii(text: string): string {
  return text
    .replace(/[۰-۹]/g, (digit) => String(persianDigits.indexOf(digit)))
    .replace(/[٠-٩]/g, (digit) => String(arabicDigits.indexOf(digit)))
    .replace(/٫/g, '.');
}

/** A label that may carry the required-field asterisk (RJSF adds «*»). */
export function labelRe(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);
}

/** A variable the global setup sets. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `e2e: ${name} is not set; global setup did not run (tests/e2e/global-setup.ts, tests/engines/global-setup.ts)`,
    );
  return value;
}

// ---------------------------------------------------------------------------------------------
// Captcha bank

interface BankQuestion {
  question: string;
  options: string[];
  answer: number;
}
let bankCache: BankQuestion[] | undefined;
export function captchaBank(): BankQuestion[] {
  bankCache ??= (JSON.parse(readFileSync(requiredEnv('E2E_CAPTCHA_BANK'), 'utf8')) as { questions: BankQuestion[] })
    .questions;
  return bankCache;
}
const normal = (text: string) => toAscii(text).replace(/\s+/g, ' ').trim();

/** The bank entry whose question the page shows (the longest match, if one question contains another). */
export function questionOnPage(pageText: string): BankQuestion {
  const text = normal(pageText);
  const matches = captchaBank()
    .filter((entry) => text.includes(normal(entry.question)))
    .sort((a, b) => b.question.length - a.question.length);
  if (matches.length === 0) throw new Error(`no fixture-bank question found in the page:\n${pageText}`);
  return matches[0];
}

// ---------------------------------------------------------------------------------------------
// The sample registration

export interface PharmacyInfo {
  name: string;
  type: number;
  service: number;
  hasDavajoo: boolean;
}
export interface LocationInfo {
  provinceId: number;
  province: string;
  cityId: number;
  city: string;
  /** Where the map must fly when the city is picked (src/server/locations/iran-locations.json). */
  cityLatitude: number;
  cityLongitude: number;
  address: string;
}
export interface ManagerInfo {
  firstName: string;
  lastName: string;
  /** As typed (Persian digits), and as stored. */
  nationalCodeTyped: string;
  nationalCode: string;
  mobileTyped: string;
  mobile: string;
}

const persianLetters = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی';
/** A pharmacy name no other test uses, so a test finds its own row in the shared database. */
export function uniquePharmacyName(): string {
  const base = validAnswers['pharmacy-info'].name;
  let suffix = '';
  for (let index = 0; index < 6; index += 1)
    suffix += persianLetters[Math.floor(Math.random() * persianLetters.length)];
  return `${base} ${suffix}`;
}

const locations = readJson('src/server/locations/iran-locations.json') as {
  provinces: { id: number; name: string }[];
  cities: { id: number; name: string; latitude: number; longitude: number }[];
};

/** The suites' one valid registration (tests/fixtures/registration.ts), with a name of its own. */
export function samplePharmacy(): PharmacyInfo {
  return { ...validAnswers['pharmacy-info'], name: uniquePharmacyName() };
}
function fixtureLocation(): LocationInfo {
  const { selectedState, cityId, address } = validAnswers.location;
  const province = locations.provinces.find((candidate) => candidate.id === selectedState);
  const city = locations.cities.find((candidate) => candidate.id === cityId);
  if (!province || !city) throw new Error(`the fixture's city ${cityId} is not in the locations file`);
  return {
    provinceId: province.id,
    province: province.name,
    cityId: city.id,
    city: city.name,
    cityLatitude: city.latitude,
    cityLongitude: city.longitude,
    address,
  };
}
export const sampleLocation: LocationInfo = fixtureLocation();
const { firstName, lastName, nationalCode, mobileNumber } = validAnswers.manager;
export const sampleManager: ManagerInfo = {
  firstName,
  lastName,
  nationalCodeTyped: digitsEnToFa(nationalCode),
  nationalCode,
  mobileTyped: digitsEnToFa(mobileNumber),
  mobile: mobileNumber,
};

// ---------------------------------------------------------------------------------------------
// Database

/** A row of the server's `registrations` table, typed by the server's own table definition. */
export type { RegistrationRow };

/** Every registration stored under this pharmacy name (read-only connection to the run's SQLite file). */
export function registrationsNamed(name: string): RegistrationRow[] {
  const db = new Database(requiredEnv('E2E_DATABASE_FILE'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT * FROM registrations WHERE pharmacy_name = ? ORDER BY id').all(name) as RegistrationRow[];
  } finally {
    db.close();
  }
}

/** Welcome-page visits counted for a plan, all days together (table visit_counts). */
export function visitsCounted(tier: number): number {
  const db = new Database(requiredEnv('E2E_DATABASE_FILE'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT COALESCE(SUM(count), 0) AS total FROM visit_counts WHERE tier = ?').get(tier) as {
      total: number;
    };
    return row.total;
  } finally {
    db.close();
  }
}

/** The registration's whole normalised payload, as posted. */
export function payloadOf(row: RegistrationRow): Record<string, any> {
  return JSON.parse(row.payload) as Record<string, any>;
}
