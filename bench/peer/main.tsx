// The peer: the wizard's three form steps (pharmacy-info, location without the map, manager) built
// the way a SurveyJS user would build them — survey-core + survey-react-ui, its default theme, its
// Persian locale, its own dropdowns, mask and validators. Only the benchmark builds it; it is never
// shipped. Titles and option lists are read from schemas/ so both forms show the same copy.
// `?page=N` opens page N (0-2), the peer's equivalent of the wizard's routes.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Model, type PageModel, type ValueChangedEvent } from 'survey-core';
import 'survey-core/i18n/persian';
import 'survey-core/survey-core.fontless.min.css';
import { Survey } from 'survey-react-ui';
import 'vazirmatn/Vazirmatn-font-face.css';
import pharmacyInfo from '../../schemas/steps/pharmacy-info.schema.json';
import locationStep from '../../schemas/steps/location.schema.json';
import manager from '../../schemas/steps/manager.schema.json';

interface Option {
  const: number;
  title: string;
}
interface Place {
  id: number;
  name: string;
  provinceId?: number;
}

const choices = (options: Option[]) => options.map((option) => ({ value: option.const, text: option.title }));
const p = pharmacyInfo.properties;
const l = locationStep.properties;
const m = manager.properties;
const draftKey = 'peer-draft';

const json = {
  locale: 'fa',
  showQuestionNumbers: 'off',
  checkErrorsMode: 'onNextPage',
  pages: [
    {
      name: 'pharmacy-info',
      title: pharmacyInfo.title,
      elements: [
        {
          type: 'text',
          name: 'name',
          title: p.name.title,
          isRequired: true,
          maxLength: 100,
          validators: [{ type: 'text', minLength: 2, maxLength: 100, text: p.name.errorMessage.minLength }],
        },
        { type: 'dropdown', name: 'type', title: p.type.title, isRequired: true, choices: choices(p.type.oneOf) },
        {
          type: 'dropdown',
          name: 'service',
          title: p.service.title,
          isRequired: true,
          choices: choices(p.service.oneOf),
        },
        { type: 'boolean', name: 'hasDavajoo', title: p.hasDavajoo.title, renderAs: 'checkbox' },
      ],
    },
    {
      name: 'location',
      title: locationStep.title,
      elements: [
        { type: 'dropdown', name: 'selectedState', title: l.selectedState.title, isRequired: true, choices: [] },
        { type: 'dropdown', name: 'cityId', title: l.cityId.title, isRequired: true, choices: [] },
        {
          type: 'comment',
          name: 'address',
          title: l.address.title,
          isRequired: true,
          autoGrow: true,
          rows: 2,
          description: 'آدرس را بدون ذکر استان و شهر بنویسید.',
          validators: [{ type: 'text', minLength: 5, maxLength: 500, text: l.address.errorMessage.minLength }],
        },
      ],
    },
    {
      name: 'manager',
      title: manager.title,
      elements: [
        {
          type: 'text',
          name: 'firstName',
          title: m.firstName.title,
          isRequired: true,
          autocomplete: 'given-name',
          validators: [{ type: 'text', minLength: 2, maxLength: 50, text: m.firstName.errorMessage.minLength }],
        },
        {
          type: 'text',
          name: 'lastName',
          title: m.lastName.title,
          isRequired: true,
          autocomplete: 'family-name',
          validators: [{ type: 'text', minLength: 2, maxLength: 50, text: m.lastName.errorMessage.minLength }],
        },
        {
          type: 'text',
          name: 'nationalCode',
          title: m.nationalCode.title,
          isRequired: true,
          maxLength: 10,
          validators: [{ type: 'regex', regex: m.nationalCode.pattern, text: m.nationalCode.errorMessage.pattern }],
        },
        {
          type: 'text',
          name: 'mobileNumber',
          title: m.mobileNumber.title,
          isRequired: true,
          inputType: 'tel',
          maskType: 'pattern',
          maskSettings: { pattern: '9999-999-9999', saveMaskedValue: false },
        },
        { type: 'radiogroup', name: 'captchaAnswer', title: m.captchaAnswer.title, isRequired: true, choices: [] },
        {
          type: 'boolean',
          name: 'acceptTerms',
          title: m.acceptTerms.title,
          renderAs: 'checkbox',
          isRequired: true,
          validators: [{ type: 'expression', expression: '{acceptTerms} = true', text: m.acceptTerms.errorMessage }],
        },
      ],
    },
  ],
};

const survey = new Model(json);
let cities: Place[] = [];
let captchaId = '';

function readCookie(name: string): string | undefined {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
}

function showCities(provinceId: unknown): void {
  const question = survey.getQuestionByName('cityId');
  question.choices = cities
    .filter((city) => city.provinceId === provinceId)
    .map((city) => ({ value: city.id, text: city.name }));
}

async function loadLocations(): Promise<void> {
  const response = await fetch('/api/Utility/Locations');
  const body = (await response.json()) as { provinces: Place[]; cities: Place[] };
  cities = body.cities;
  survey.getQuestionByName('selectedState').choices = body.provinces.map((province) => ({
    value: province.id,
    text: province.name,
  }));
  showCities(survey.getValue('selectedState'));
}

async function loadCaptcha(): Promise<void> {
  const response = await fetch('/api/Register/GetCaptcha');
  const body = (await response.json()) as { id: string; question: string; options: string[] };
  captchaId = body.id;
  const question = survey.getQuestionByName('captchaAnswer');
  question.title = body.question;
  question.choices = body.options.map((text, index) => ({ value: index, text }));
}

const saved = sessionStorage.getItem(draftKey);
if (saved) survey.data = JSON.parse(saved) as Record<string, unknown>;
const page = Number(new URLSearchParams(location.search).get('page') ?? '0');
if (page > 0) survey.currentPageNo = Math.min(page, 2);

survey.onValueChanged.add((sender, options: ValueChangedEvent) => {
  sessionStorage.setItem(draftKey, JSON.stringify(sender.data));
  if (options.name === 'selectedState') {
    sender.clearValue('cityId');
    showCities(options.value);
  }
});
survey.onCurrentPageChanged.add((sender) => {
  if ((sender.currentPage as PageModel).name === 'manager') void loadCaptcha();
});
survey.onComplete.add(async (sender) => {
  const d = sender.data as Record<string, unknown>;
  await fetch('/api/Register/Pharmacy', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') ?? '' },
    body: JSON.stringify({
      name: d.name,
      type: d.type,
      service: d.service,
      hasDavajoo: d.hasDavajoo === true,
      cityId: d.cityId,
      address: d.address,
      latitude: 35.72,
      longitude: 51.39,
      tier: 1,
      adminData: {
        firstName: d.firstName,
        lastName: d.lastName,
        nationalCode: d.nationalCode,
        mobileNumber: d.mobileNumber,
      },
      captcha: { id: captchaId, validOptionIndex: d.captchaAnswer },
    }),
  });
});

void loadLocations();
if ((survey.currentPage as PageModel).name === 'manager') void loadCaptcha();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Survey model={survey} />
  </StrictMode>,
);
