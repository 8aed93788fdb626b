/** API answers for the widget tests: the real generated locations (≥ 1,200 cities) and the shipped config. */
import locationsFile from '../../../src/server/locations/iran-locations.json';
import type { Captcha } from '../../../src/shared/contracts/wizard-api.schemas.js';
import { sampleConfig } from '../../../widgets/story-fixtures.js';

export const locations = locationsFile;
export const config = sampleConfig;

export const TEHRAN = locations.provinces.find((province) => province.name === 'تهران')!;
export const ISFAHAN = locations.provinces.find((province) => province.name === 'اصفهان')!;

export function cityOf(provinceId: number, name: string) {
  const city = locations.cities.find((candidate) => candidate.provinceId === provinceId && candidate.name === name);
  if (!city) throw new Error(`no city ${name} in province ${provinceId}`);
  return city;
}

export function captcha(n: number): Captcha {
  return { id: `captcha-${n}`, question: `پرسش شماره ${n}`, options: ['گزینه یک', 'گزینه دو', 'گزینه سه'] };
}
