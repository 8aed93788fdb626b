/**
 * Names under which the custom widgets register (uiSchema `"ui:widget": "<name>"`). Kept apart from
 * the React components so that tools without a DOM (schemas:check) can read it.
 */
export const customWidgetNames = [
  'locationMap',
  'provinceSelect',
  'citySelect',
  'addressTextarea',
  'mobileNumber',
  'nationalCode',
  'captcha',
  'acceptTerms',
] as const;

export type CustomWidgetName = (typeof customWidgetNames)[number];

/** RJSF's own widget names that uiSchemas here may also use. */
export const builtInWidgetNames = [
  'text',
  'textarea',
  'select',
  'checkbox',
  'checkboxes',
  'radio',
  'hidden',
  'password',
  'email',
  'uri',
  'date',
  'updown',
  'range',
] as const;
