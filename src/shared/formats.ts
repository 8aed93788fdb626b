import { isPhoneNumberValid, verifyIranianNationalId } from '@persian-tools/persian-tools';

/**
 * Custom JSON Schema formats used by schemas/ (`"format": "ir-national-code"`). Registered on every
 * ajv instance, in the browser's precompiled validators and on the server, so both judge alike.
 * Values arrive already normalised to ASCII digits.
 */
export const formats = {
  'ir-national-code': (value: string): boolean => /^\d{10}$/.test(value) && verifyIranianNationalId(value) === true,
  'ir-mobile': (value: string): boolean => /^09\d{9}$/.test(value) && isPhoneNumberValid(value) === true,
} as const;

export type FormatName = keyof typeof formats;
