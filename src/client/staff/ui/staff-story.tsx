/** Stories of the console: its components inside a router at a console address. */
import { MemoryRouter } from 'react-router-dom';
import type { Decorator } from '@storybook/react-vite';

/** A story's router at a console address (the list unless it says otherwise). */
export const atAddress =
  (address = '/staff/registrations'): Decorator =>
  (Story) => (
    <MemoryRouter initialEntries={[address]}>
      <Story />
    </MemoryRouter>
  );
