/**
 * Valid registrations (the body of schemas/registration.schema.json) with values that are unique
 * per request and distinctive enough to be searched for in logs and in the database.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createIranianNationalId, verifyIranianNationalId } from '@persian-tools/persian-tools';
import { repoRoot } from './env.js';

interface City {
  id: number;
  provinceId: number;
  latitude: number;
  longitude: number;
}

const locations = JSON.parse(readFileSync(resolve(repoRoot, 'src/server/locations/iran-locations.json'), 'utf8')) as {
  cities: City[];
};
/** Cities whose coordinates lie inside the box the location schema accepts. */
export const cities = locations.cities.filter(
  (c) => c.latitude >= 24 && c.latitude <= 40 && c.longitude >= 44 && c.longitude <= 64,
);

/** Persian letters only (no ي/ك, no digits), so normalisation leaves the value as it is. */
const letters = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی';
const operatorPrefixes = [
  '0912',
  '0913',
  '0919',
  '0935',
  '0936',
  '0937',
  '0938',
  '0939',
  '0901',
  '0902',
  '0990',
  '0921',
];

export type Random = () => number;

/** A seeded generator (mulberry32) so a run can be repeated. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];

export function persianWord(random: Random, length: number): string {
  let word = '';
  for (let i = 0; i < length; i += 1) word += pick(random, [...letters]);
  return word;
}

export function mobileNumber(random: Random): string {
  let digits = pick(random, operatorPrefixes);
  for (let i = 0; i < 7; i += 1) digits += String(Math.floor(random() * 10));
  return digits;
}

const usedNationalCodes = new Set<string>();
/**
 * A valid national code not handed out before in this process. createIranianNationalId also makes
 * codes with a region prefix that verifyIranianNationalId (the server's check) refuses: those are skipped.
 */
export function nationalCode(): string {
  for (;;) {
    const code = createIranianNationalId();
    if (!usedNationalCodes.has(code) && /^\d{10}$/.test(code) && verifyIranianNationalId(code) === true) {
      usedNationalCodes.add(code);
      return code;
    }
  }
}

export interface Registration {
  name: string;
  type: number;
  service: number;
  hasDavajoo: boolean;
  cityId: number;
  tier: number;
  latitude: number;
  longitude: number;
  address: string;
  adminData: { firstName: string; lastName: string; nationalCode: string; mobileNumber: string };
  captcha: { id: string; validOptionIndex: number };
}

/** The personal values of a registration, for the log and database checks. */
export function personalValues(r: Registration): string[] {
  return [r.adminData.firstName, r.adminData.lastName, r.adminData.nationalCode, r.adminData.mobileNumber, r.address];
}

export function validRegistration(
  random: Random,
  captcha: { id: string; validOptionIndex: number },
  tier = 1,
): Registration {
  const city = pick(random, cities);
  return {
    name: `داروخانه ${persianWord(random, 8)}`,
    type: 1 + Math.floor(random() * 6),
    service: 1 + Math.floor(random() * 14),
    hasDavajoo: random() < 0.5,
    cityId: city.id,
    tier,
    latitude: Math.round((city.latitude + (random() - 0.5) * 0.01) * 1e6) / 1e6,
    longitude: Math.round((city.longitude + (random() - 0.5) * 0.01) * 1e6) / 1e6,
    address: `خیابان ${persianWord(random, 9)} کوچه ${persianWord(random, 7)}`,
    adminData: {
      firstName: persianWord(random, 9),
      lastName: persianWord(random, 10),
      nationalCode: nationalCode(),
      mobileNumber: mobileNumber(random),
    },
    captcha: { id: captcha.id, validOptionIndex: captcha.validOptionIndex },
  };
}

const persianDigits = '۰۱۲۳۴۵۶۷۸۹';
const toPersianDigits = (text: string): string => text.replace(/[0-9]/g, (d) => persianDigits[Number(d)]);

/**
 * The same registration as a person types it: Persian digits, a dashed mobile number, Arabic ي/ك
 * and stray spaces in the names. The server must store exactly `r` (normalised), not what was typed.
 */
export function typedByHand(r: Registration): Registration {
  const arabic = (text: string): string => text.replace(/ی/g, 'ي').replace(/ک/g, 'ك');
  const mobile = toPersianDigits(r.adminData.mobileNumber);
  return {
    ...r,
    name: `  ${arabic(r.name)} `,
    address: arabic(r.address),
    adminData: {
      firstName: ` ${arabic(r.adminData.firstName)}`,
      lastName: `${arabic(r.adminData.lastName)}  `,
      nationalCode: toPersianDigits(r.adminData.nationalCode),
      mobileNumber: `${mobile.slice(0, 4)}-${mobile.slice(4, 7)}-${mobile.slice(7)}`,
    },
  };
}
