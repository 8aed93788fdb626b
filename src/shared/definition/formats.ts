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

/**
 * The shape of each format's value once normalised, as schemas/ writes it in the field's `pattern`
 * and as it is stored. The format's own check lets more through (a national code of 8 or 9 digits,
 * a mobile without its 0 or with +98), so the floor under what is stored (server) and the checker's
 * floor both ask for this shape as well.
 */
export const formatShapes: Record<FormatName, string> = {
  'ir-national-code': '^[0-9]{10}$',
  'ir-mobile': '^09[0-9]{9}$',
};

const shapes = Object.fromEntries(
  Object.entries(formatShapes).map(([name, shape]) => [name, new RegExp(shape)]),
) as Record<FormatName, RegExp>;

/** Whether a normalised value has its format's shape (formatShapes), before the format's own check. */
export function hasFormatShape(format: FormatName, value: string): boolean {
  return shapes[format].test(value);
}
