import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { copyOfRealWizard, currentPath, installFakeApi, renderWizard } from './render-wizard.js';

describe('stepper', () => {
  it('shows one numbered circle per step of wizard.json, the current one marked', async () => {
    installFakeApi();
    const { wizard } = await renderWizard({ route: '/welcome' });
    const nav = screen.getByRole('navigation', { name: 'مراحل ثبت‌نام' });
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    wizard.steps.forEach((step, index) => expect(items[index]).toHaveTextContent(step.title));
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(items.slice(1).every((item) => !item.hasAttribute('aria-current'))).toBe(true);
    expect(items[0]).toHaveTextContent('۱');
    expect(await screen.findByRole('heading', { level: 1, name: 'ثبت‌نام اولیه' })).toBeInTheDocument();
  });

  it('renders whatever definition it is given (a copy with an extra content step)', async () => {
    installFakeApi();
    const wizard = copyOfRealWizard();
    wizard.steps.splice(1, 0, {
      id: 'documents',
      route: '/documents',
      title: 'مدارک لازم',
      kind: 'content',
      paragraphs: ['پروانه داروخانه و کارت ملی را آماده کنید.'],
      buttons: { back: 'مرحله قبل', next: 'ادامه' },
    });
    wizard.definition.steps = wizard.steps;
    await renderWizard({ wizard, route: '/documents' });
    const items = within(screen.getByRole('navigation', { name: 'مراحل ثبت‌نام' })).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 1, name: 'مدارک لازم' })).toBeInTheDocument();
    expect(screen.getByText('پروانه داروخانه و کارت ملی را آماده کنید.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ادامه' })).toHaveAttribute('href', '/pharmacy-info');
    expect(screen.getByRole('link', { name: 'مرحله قبل' })).toHaveAttribute('href', '/welcome');
  });
});

describe('routes', () => {
  it('sends an unknown path to /welcome', async () => {
    installFakeApi();
    await renderWizard({ route: '/no-such-page' });
    await waitFor(() => expect(currentPath()).toBe('/welcome'));
    expect(screen.getByRole('heading', { level: 1, name: 'ثبت‌نام اولیه' })).toBeInTheDocument();
  });

  it('keeps ?tier= when redirecting an unknown path', async () => {
    installFakeApi();
    await renderWizard({ route: '/?tier=2' });
    await waitFor(() => expect(currentPath()).toBe('/welcome?tier=2'));
  });

  it('sends a later step opened directly to the first incomplete step', async () => {
    installFakeApi();
    await renderWizard({ route: '/manager' });
    await waitFor(() => expect(currentPath()).toBe('/pharmacy-info'));
  });

  it('opens a later step once the steps before it are complete', async () => {
    installFakeApi();
    await renderWizard({
      route: '/manager',
      state: { completed: ['pharmacy-info'], drafts: { 'pharmacy-info': { name: 'رازی', type: 1, service: 2 } } },
    });
    await waitFor(() => expect(currentPath()).toBe('/location'));
  });

  it('sends /enter without a registration attempt to the first incomplete step', async () => {
    installFakeApi();
    await renderWizard({ route: '/enter' });
    await waitFor(() => expect(currentPath()).toBe('/pharmacy-info'));
  });
});
