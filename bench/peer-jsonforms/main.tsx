// The second peer: the wizard's three form steps (pharmacy-info, location without the map,
// manager) as JSON Forms builds them — @jsonforms/react with its vanilla renderers, a JSON Schema
// and a UI schema per step, titles and options read from schemas/. Only the benchmark builds it.
// `?page=N` opens step N (0-2).
//
// Validation is off (`NoValidation`): JSON Forms validates with ajv's runtime compiler, which
// needs `new Function`, and the server's CSP (the same for every page it serves) forbids eval. So
// this peer does less per keystroke than a JSON Forms form with validation would.
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { JsonSchema7, UISchemaElement } from '@jsonforms/core';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import 'vazirmatn/Vazirmatn-font-face.css';
import pharmacyInfo from '../../schemas/steps/pharmacy-info.schema.json';
import locationStep from '../../schemas/steps/location.schema.json';
import manager from '../../schemas/steps/manager.schema.json';

interface Place {
  id: number;
  name: string;
  provinceId?: number;
}
interface Captcha {
  id: string;
  question: string;
  options: string[];
}
type Data = Record<string, unknown>;

const draftKey = 'peer-jsonforms-draft';
const p = pharmacyInfo.properties;
const l = locationStep.properties;
const m = manager.properties;
const control = (name: string, options?: Record<string, unknown>): UISchemaElement => ({
  type: 'Control',
  scope: `#/properties/${name}`,
  ...(options ? { options } : {}),
});
const layout = (...elements: UISchemaElement[]): UISchemaElement => ({ type: 'VerticalLayout', elements });
const oneOf = (places: Array<{ const: number | string; title: string }>) =>
  places.length > 0 ? { oneOf: places } : { enum: [] as number[] };

function pharmacyStep(): { schema: JsonSchema7; ui: UISchemaElement } {
  return {
    schema: {
      type: 'object',
      required: pharmacyInfo.required,
      properties: { name: p.name, type: p.type, service: p.service, hasDavajoo: p.hasDavajoo },
    },
    ui: layout(control('name'), control('type'), control('service'), control('hasDavajoo')),
  };
}

function locationStepForm(
  provinces: Place[],
  cities: Place[],
  provinceId: unknown,
): { schema: JsonSchema7; ui: UISchemaElement } {
  const shownCities = cities.filter((city) => city.provinceId === provinceId);
  return {
    schema: {
      type: 'object',
      required: ['selectedState', 'cityId', 'address'],
      properties: {
        selectedState: {
          type: 'integer',
          title: l.selectedState.title,
          ...oneOf(provinces.map((place) => ({ const: place.id, title: place.name }))),
        },
        cityId: {
          type: 'integer',
          title: l.cityId.title,
          ...oneOf(shownCities.map((place) => ({ const: place.id, title: place.name }))),
        },
        address: { type: 'string', title: l.address.title, minLength: 5, maxLength: 500 },
      },
    },
    ui: layout(control('selectedState'), control('cityId'), control('address', { multi: true })),
  };
}

function managerStep(captcha: Captcha | undefined): { schema: JsonSchema7; ui: UISchemaElement } {
  const answers = captcha ? captcha.options.map((text, index) => ({ const: index, title: text })) : [];
  return {
    schema: {
      type: 'object',
      required: ['firstName', 'lastName', 'nationalCode', 'mobileNumber', 'captchaAnswer', 'acceptTerms'],
      properties: {
        firstName: { type: 'string', title: m.firstName.title },
        lastName: { type: 'string', title: m.lastName.title },
        nationalCode: { type: 'string', title: m.nationalCode.title, pattern: m.nationalCode.pattern },
        mobileNumber: { type: 'string', title: m.mobileNumber.title },
        captchaAnswer: { type: 'integer', title: captcha?.question ?? m.captchaAnswer.title, ...oneOf(answers) },
        acceptTerms: { type: 'boolean', title: m.acceptTerms.title },
      },
    },
    ui: layout(
      control('firstName'),
      control('lastName'),
      control('nationalCode'),
      control('mobileNumber'),
      control('captchaAnswer', { format: 'radio' }),
      control('acceptTerms'),
    ),
  };
}

function readDraft(): Data {
  try {
    return JSON.parse(sessionStorage.getItem(draftKey) ?? '{}') as Data;
  } catch {
    return {};
  }
}

function Wizard({ page }: { page: number }) {
  const [data, setData] = useState<Data>(readDraft);
  const [places, setPlaces] = useState<{ provinces: Place[]; cities: Place[] }>({ provinces: [], cities: [] });
  const [captcha, setCaptcha] = useState<Captcha>();
  useEffect(() => {
    if (page !== 1) return;
    void fetch('/api/Utility/Locations')
      .then((response) => response.json() as Promise<{ provinces: Place[]; cities: Place[] }>)
      .then(setPlaces);
  }, [page]);
  useEffect(() => {
    if (page !== 2) return;
    void fetch('/api/Register/GetCaptcha')
      .then((response) => response.json() as Promise<Captcha>)
      .then(setCaptcha);
  }, [page]);
  const step = useMemo(
    () =>
      page === 0
        ? pharmacyStep()
        : page === 1
          ? locationStepForm(places.provinces, places.cities, data.selectedState)
          : managerStep(captcha),
    [page, places, data.selectedState, captcha],
  );
  const titles = [pharmacyInfo.title, locationStep.title, manager.title];
  return (
    <section>
      <h1>{titles[page]}</h1>
      <JsonForms
        schema={step.schema}
        uischema={step.ui}
        data={data}
        renderers={vanillaRenderers}
        cells={vanillaCells}
        validationMode="NoValidation"
        onChange={({ data: next }) => {
          setData(next as Data);
          sessionStorage.setItem(draftKey, JSON.stringify(next));
        }}
      />
    </section>
  );
}

const page = Math.min(Math.max(Number(new URLSearchParams(location.search).get('page') ?? '0') || 0, 0), 2);
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Wizard page={page} />
  </StrictMode>,
);
