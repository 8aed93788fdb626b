/**
 * One field chrome (widgets/templates/): a widget in its story is wrapped exactly as in its step.
 * The same field is rendered twice with the same value and message, once by its widget story
 * (WidgetForm) and once by the step story (the wizard's own form step, the message coming from the
 * server), and the field's markup is compared whole: the label and its `for`, the hint, the error
 * with its hidden prefix, `aria-invalid` and the `aria-describedby` chain, the widget inside. And no
 * English word of RJSF («Errors», a raw field name) shows in either.
 */
import './setup.js';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as stepStories from '../../src/client/stories/Steps.stories.js';
import * as mobileStories from '../../widgets/MobileNumber.stories.js';
import * as captchaStories from '../../widgets/Captcha.stories.js';
import { sampleCaptcha } from '../../widgets/story-fixtures.js';
import { validAnswers, withCaptcha } from '../fixtures/registration.js';

vi.mock('../../src/client/form/bundled-validators.js', async () => ({
  precompiledValidatorFactory: (await import('./wizard-validators.js')).buildPrecompiledValidatorFactory(),
}));

afterEach(() => cleanup());

const { ManagerServerFieldError } = composeStories(stepStories);
const mobile = composeStories(mobileStories);
const captcha = composeStories(captchaStories);

/** The field's wrapper, once its widget has settled (the step's form loads lazily). */
async function fieldOf(container: HTMLElement, name: string, ready: (field: Element) => boolean): Promise<Element> {
  let found: Element | null = null;
  await waitFor(
    () => {
      found = container.querySelector(`[data-field="${name}"]`);
      expect(found && ready(found), `the ${name} field never settled`).toBe(true);
    },
    { timeout: 15_000 },
  );
  return found!;
}

/** React's generated ids («r1» and the like) differ between two renders; nothing else may. */
const markupOf = (field: Element) => field.outerHTML.replace(/«r[0-9a-z]+»|:r[0-9a-z]+:/g, '«id»');

async function rendered(element: React.ReactElement, name: string, ready: (field: Element) => boolean) {
  let container: HTMLElement = document.body;
  await act(async () => {
    container = render(element).container;
  });
  const field = await fieldOf(container, name, ready);
  const markup = markupOf(field);
  const page = document.body.textContent ?? '';
  cleanup();
  return { markup, page };
}

/** The manager step with everything before it done, the field's value and the server's message on it. */
function stepWith(name: string, value: unknown, message: string) {
  const manager = { ...withCaptcha({ id: sampleCaptcha.id, validOptionIndex: 1 }), [name]: value };
  const drafts = { ...ManagerServerFieldError.args.drafts, manager };
  return (
    <ManagerServerFieldError
      drafts={drafts}
      serverErrors={{ manager: { [name]: message } }}
      step="manager"
      completed={Object.keys(validAnswers).filter((id) => id !== 'manager')}
    />
  );
}

function expectChain(markup: string, id: string, message: string) {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  const label = holder.querySelector(`#${id}__label`);
  expect(label, 'the field has its label').not.toBeNull();
  const error = holder.querySelector(`#${id}__error`);
  expect(error?.textContent).toContain(message);
  const described = holder.querySelector(`[aria-describedby~="${id}__error"]`);
  expect(described, 'the error is in the aria-describedby chain').not.toBeNull();
}

const english = /\bErrors\b|captchaAnswer\.|mobileNumber\./;

describe('a widget in its story is wrapped as in its step', () => {
  it('mobileNumber: label, hint, error and aria-describedby are the same markup', async () => {
    const message = mobile.Invalid.args.rawErrors![0];
    const value = mobile.Invalid.args.value as string;
    const settled = (field: Element) => field.querySelector('input')?.getAttribute('aria-invalid') === 'true';
    const story = await rendered(<mobile.Invalid />, 'mobileNumber', settled);
    const step = await rendered(stepWith('mobileNumber', value, message), 'mobileNumber', settled);
    expect(story.markup).toBe(step.markup);
    expectChain(story.markup, 'root_mobileNumber', message);
    expect(story.markup).toContain('aria-invalid="true"');
    expect(story.page).not.toMatch(english);
    expect(step.page).not.toMatch(english);
  }, 40_000);

  it('captcha: the question, its radios and the error are wrapped the same', async () => {
    const message = captcha.Invalid.args.rawErrors![0];
    const settled = (field: Element) =>
      field.querySelector('[role="radiogroup"]')?.getAttribute('aria-invalid') === 'true' &&
      (field.querySelector('#root_captchaAnswer__error')?.textContent ?? '') !== '';
    const story = await rendered(<captcha.Invalid />, 'captchaAnswer', settled);
    const step = await rendered(stepWith('captchaAnswer', undefined, message), 'captchaAnswer', settled);
    expect(story.markup).toBe(step.markup);
    expectChain(story.markup, 'root_captchaAnswer', message);
    expect(story.page).not.toMatch(english);
    expect(step.page).not.toMatch(english);
  }, 40_000);
});
