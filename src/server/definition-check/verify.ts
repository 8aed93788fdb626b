/**
 * Checks of `"verify": "sms"` (a mobile number confirmed by a texted code, src/shared/definition/verify.ts):
 * it sits on a field of a step (not inside a condition), the field is a mobile number, its widget
 * can verify (src/shared/definition/widget-declarations.ts, `verifies`), the registration receives it (the server checks
 * it there), and it has its own message.
 */
import { declarationOf } from '../../shared/definition/widget-declarations.js';
import { fieldTarget, type WizardDefinition } from '../../shared/definition/wizard-definition.js';
import type { Folder } from './folder.js';
import { isObject, ptr, type JsonObject } from '../../shared/definition/json.js';
import type { Problems } from './problem.js';
import type { Roles } from './roles.js';
import { walkSchema } from './walk.js';

export function checkVerify(folder: Folder, roles: Roles, problems: Problems): void {
  for (const step of roles.formSteps) {
    if (!step.schemaFile) continue;
    const file = step.schemaFile;
    const root = folder.json.get(file);
    const fields = isObject(root) && isObject(root.properties) ? root.properties : {};
    walkSchema(root, ({ node, pointer, property, inCondition }) => {
      if (node.verify === undefined) return;
      const topLevel = property !== undefined && property.parentPointer === '' && !inCondition;
      if (!topLevel || !isObject(fields[property.name])) {
        problems.add({
          code: 'verify-place',
          file,
          pointer: ptr(pointer, 'verify'),
          message: '"verify" works on a field of the step itself, not inside a condition or a nested object.',
          fix: 'Move "verify": "sms" to the field under the step schema\'s "properties".',
        });
        return;
      }
      checkField(folder, roles, problems, {
        file,
        pointer,
        node,
        name: property.name,
        stepId: step.id,
        uiFile: step.uiFile,
      });
    });
  }
}

interface VerifiedField {
  file: string;
  pointer: string;
  node: JsonObject;
  name: string;
  stepId: string;
  uiFile?: string;
}

function checkField(folder: Folder, roles: Roles, problems: Problems, field: VerifiedField): void {
  const { file, pointer, node, name } = field;
  const isMobile = node.type === 'string' && (node.format === 'ir-mobile' || node.normalize === 'mobile');
  if (!isMobile) {
    problems.add({
      code: 'verify-mobile',
      file,
      pointer: ptr(pointer, 'verify'),
      message: `"verify": "sms" texts a code to the field's value, but "${name}" is not a mobile number field.`,
      fix: 'Use it on a mobile number: "type": "string" with "format": "ir-mobile" (as the manager\'s mobileNumber).',
    });
  }
  const ui = field.uiFile ? folder.json.get(field.uiFile) : undefined;
  const entry = isObject(ui) && isObject(ui[name]) ? ui[name] : undefined;
  const widget = entry?.['ui:widget'];
  const declaration = declarationOf(widget);
  if (!declaration?.verifies?.includes(node.verify as 'sms')) {
    problems.add({
      code: 'verify-widget',
      file: field.uiFile ?? file,
      pointer: field.uiFile && entry ? ptr('', name, 'ui:widget') : ptr(pointer, 'verify'),
      message: `The field "${name}" asks to be verified by SMS, but its widget ${typeof widget === 'string' ? `"${widget}"` : '(the plain text box)'} cannot show «ارسال کد» and the code box.`,
      fix: `Give it "ui:widget": "mobileNumber" in ${field.uiFile ?? "the step's uiSchema"}.`,
    });
  }
  const wizard = roles.wizard as unknown as WizardDefinition | undefined;
  if (
    wizard?.registration &&
    isObject(wizard.registration.fields) &&
    fieldTarget(wizard, field.stepId, name) === null
  ) {
    problems.add({
      code: 'verify-not-posted',
      file: 'wizard.json',
      pointer: ptr('/registration/fields', `${field.stepId}/${name}`),
      message: `The field "${name}" is verified by SMS but not posted with the registration, so the server cannot check it.`,
      fix: `Map "${field.stepId}/${name}" to where the registration holds it, e.g. "/adminData/${name}".`,
    });
  }
  const messages = node.errorMessage;
  if (!(isObject(messages) && typeof messages.verify === 'string') && typeof messages !== 'string') {
    problems.add({
      code: 'verify-message',
      level: 'warning',
      file,
      pointer: ptr(pointer, 'errorMessage'),
      message: `The field "${name}" has no message of its own for a number not yet verified; the common one would be shown.`,
      fix: 'Add "verify": "لطفاً شماره همراه را با کد پیامک‌شده تأیید کنید." to its "errorMessage".',
    });
  }
}
