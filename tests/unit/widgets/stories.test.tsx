/**
 * Every widget story renders in jsdom (no browser-only API may crash it). The Storybook engineer's
 * suite renders them all again with the project's preview; this one guards the widget stories here.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(() => cleanup());

const modules = import.meta.glob<Record<string, unknown>>('../../../widgets/*.stories.tsx', { eager: true });

describe('widget stories', () => {
  it('has a story file beside every widget', () => {
    const names = Object.keys(modules).map((path) => path.split('/').pop());
    for (const widget of [
      'AcceptTerms',
      'AddressTextarea',
      'Captcha',
      'CitySelect',
      'LocationMap',
      'MobileNumber',
      'NationalCode',
      'ProvinceSelect',
    ]) {
      expect(names).toContain(`${widget}.stories.tsx`);
    }
  });

  for (const [path, module] of Object.entries(modules)) {
    const stories = composeStories(module as Parameters<typeof composeStories>[0]) as Record<string, ComponentType>;
    for (const [name, Story] of Object.entries(stories)) {
      it(`${path.split('/').pop()} › ${name} renders in RTL Persian`, async () => {
        const { container } = render(<Story />);
        expect(container.querySelector('[dir="rtl"][lang="fa"]')).not.toBeNull();
        // Lazy chunks and seeded queries settle without throwing.
        await screen.findAllByText(/./);
      });
    }
  }
});
