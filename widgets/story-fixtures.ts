/**
 * Small, realistic answers of the API for stories (tests use the full generated locations file).
 * The map settings are the shipped schemas/register-config.json.
 */
import registerConfig from '../schemas/register-config.json';
import type {
  AddressSuggestion,
  Captcha,
  Locations,
  RegisterConfig,
} from '../src/shared/contracts/wizard-api.schemas.js';

export const sampleConfig: RegisterConfig = {
  tiers: registerConfig.tiers,
  defaultTier: registerConfig.defaultTier,
  // Stories and widget tests show the address suggestion: the map has an address service here.
  map: { ...registerConfig.map, provider: 'osm', addressService: true },
  definitionVersion: 'story',
};

export const sampleLocations: Locations = {
  provinces: [
    { id: 8, name: 'تهران', latitude: 35.69, longitude: 51.39 },
    { id: 4, name: 'اصفهان', latitude: 32.65, longitude: 51.67 },
    { id: 5, name: 'البرز', latitude: 35.83, longitude: 50.99 },
    { id: 11, name: 'خراسان رضوی', latitude: 36.3, longitude: 59.6 },
  ],
  cities: [
    { id: 301, name: 'تهران', provinceId: 8, latitude: 35.69, longitude: 51.39 },
    { id: 318, name: 'اسلامشهر', provinceId: 8, latitude: 35.544581, longitude: 51.230246 },
    { id: 346, name: 'اندیشه', provinceId: 8, latitude: 35.659722, longitude: 51.059167 },
    { id: 331, name: 'آبعلی', provinceId: 8, latitude: 35.946749, longitude: 52.127548 },
    { id: 310, name: 'شهریار', provinceId: 8, latitude: 35.659722, longitude: 51.059167 },
    { id: 130, name: 'اصفهان', provinceId: 4, latitude: 32.654627, longitude: 51.667983 },
    { id: 131, name: 'آران و بیدگل', provinceId: 4, latitude: 34.057778, longitude: 51.484167 },
    { id: 135, name: 'اردستان', provinceId: 4, latitude: 33.376111, longitude: 52.369444 },
    { id: 203, name: 'کاشان', provinceId: 4, latitude: 33.985036, longitude: 51.409963 },
    { id: 237, name: 'کرج', provinceId: 5, latitude: 35.83, longitude: 50.99 },
    { id: 253, name: 'تنکمان', provinceId: 5, latitude: 35.952222, longitude: 50.6075 },
    { id: 244, name: 'طالقان', provinceId: 5, latitude: 36.17, longitude: 50.76 },
    { id: 500, name: 'مشهد', provinceId: 11, latitude: 36.3, longitude: 59.6 },
    { id: 501, name: 'نیشابور', provinceId: 11, latitude: 36.21, longitude: 58.8 },
  ],
};

export const sampleCaptcha: Captcha = {
  id: 'story-captcha-1',
  question: 'حاصل هفت به‌علاوه پنج چند است؟',
  options: ['۱۱', '۱۲', '۱۳', '۱۴'],
};

/** The provider's address of a point, without the province and city (as the server gives it). */
export const sampleAddressSuggestion: AddressSuggestion = {
  address: 'خیابان ولیعصر، کوچه نیلوفر، پلاک ۱۲',
};
