import { isPhoneNumberValid, verifyIranianNationalId } from '@persian-tools/persian-tools';

/**
 * Custom JSON Schema formats used by schemas/ (`"format": "ir-national-code"`). Registered on every
 * ajv instance, in the browser's precompiled validators and on the server, so both judge alike.
 * They add what a regex cannot say (check digit, real operator prefix); the shape itself (10
 * digits, 09 and 11 digits) is the field's `pattern` in schemas/. Values arrive as ASCII digits.
 */
export const formats = {
  'ir-national-code': (value: string): boolean => verifyIranianNationalId(value) === true,
  'ir-mobile': (value: string): boolean => isPhoneNumberValid(value) === true,
} as const;

export type FormatName = keyof typeof formats;
