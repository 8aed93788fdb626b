import { describe, expect, it } from 'vitest';
import { readDefinitionFolder } from '../../../src/server/definition/definition.js';
import { fromRoot } from '../../../src/server/paths.js';
import { describeChanges } from '../../../src/server/definition-publishing/definition-diff.js';
import type { DefinitionFiles } from '../../../src/shared/definition/definition-files.js';

const shipped = readDefinitionFolder(fromRoot('schemas')).files;

function edited(change: (files: Record<string, any>) => void): DefinitionFiles {
  const files = structuredClone(shipped) as Record<string, any>;
  change(files);
  return files;
}

function words(after: DefinitionFiles): string[] {
  return describeChanges(shipped, after).map((change) => change.words);
}

describe('the changes of a draft in words', () => {
  it('says nothing when nothing changed', () => {
    expect(describeChanges(shipped, structuredClone(shipped))).toEqual([]);
  });

  it('names a step shown only for some answers, and back to always', () => {
    const sometimes = edited((files) => {
      files['wizard.json'].steps.find((step: { id: string }) => step.id === 'location').when = {
        properties: { type: { const: 2 } },
        required: ['type'],
      };
    });
    expect(words(sometimes)).toEqual(['مرحلهٔ «موقعیت داروخانه» از این پس فقط با برخی پاسخ‌ها نشان داده می‌شود.']);
    expect(describeChanges(sometimes, shipped).map((change) => change.words)).toEqual([
      'مرحلهٔ «موقعیت داروخانه» از این پس همیشه نشان داده می‌شود.',
    ]);
  });

  it('names options removed and renamed, messages changed, and a field made optional', () => {
    const after = edited((files) => {
      const step = files['steps/pharmacy-info.schema.json'];
      step.properties.service.oneOf = step.properties.service.oneOf.filter(
        (option: { const: number }) => option.const !== 5,
      );
      step.properties.type.oneOf[0].title = 'روزانهٔ عادی';
      step.properties.name.errorMessage.minLength = 'نام داروخانه کوتاه است.';
      step.required = step.required.filter((name: string) => name !== 'service');
    });
    expect(words(after).sort()).toEqual(
      [
        'پر کردن فیلد «نوع خدمت» در مرحلهٔ «اطلاعات داروخانه» اختیاری شد.',
        'گزینهٔ «ناجا» از فیلد «نوع خدمت» در مرحلهٔ «اطلاعات داروخانه» حذف شد.',
        'گزینهٔ «روزانه» فیلد «نوع داروخانه» در مرحلهٔ «اطلاعات داروخانه» به «روزانهٔ عادی» تغییر نام داد.',
        'پیام خطای «minLength» فیلد «نام داروخانه» در مرحلهٔ «اطلاعات داروخانه» تغییر کرد.',
      ].sort(),
    );
  });

  it('names an option and a message added, and the same message removed on the way back', () => {
    const after = edited((files) => {
      const step = files['steps/pharmacy-info.schema.json'];
      step.properties.service.oneOf.push({ const: 99, title: 'خدمت تازه' });
      step.properties.name.errorMessage.pattern = 'نام داروخانه را به فارسی بنویسید.';
    });
    expect(words(after).sort()).toEqual(
      [
        'گزینهٔ «خدمت تازه» به فیلد «نوع خدمت» در مرحلهٔ «اطلاعات داروخانه» افزوده شد.',
        'پیام خطای «pattern» برای فیلد «نام داروخانه» در مرحلهٔ «اطلاعات داروخانه» افزوده شد.',
      ].sort(),
    );
    expect(describeChanges(after, shipped).map((change) => change.words)).toContain(
      'پیام خطای «pattern» فیلد «نام داروخانه» در مرحلهٔ «اطلاعات داروخانه» حذف شد.',
    );
  });

  it('names plans, and a file it has no words for by its name', () => {
    const after = edited((files) => {
      files['register-config.json'].tiers[0].title = 'طرح نخست';
      files['registration.schema.json'].description = 'دیگر';
    });
    expect(words(after)).toEqual([
      'نام طرح «طرح آزمایشی» به «طرح نخست» تغییر کرد.',
      'پروندهٔ registration.schema.json تغییر کرد.',
    ]);
  });

  it('still compares the files of a draft the wizard cannot read yet', () => {
    const after = edited((files) => {
      delete files['steps/manager.schema.json'];
    });
    expect(words(after)).toEqual(['پروندهٔ steps/manager.schema.json حذف شد.']);
  });
});
