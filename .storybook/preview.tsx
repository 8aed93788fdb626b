/**
 * What every story gets (Storybook and the `stories` Vitest project, which applies these
 * annotations through setProjectAnnotations):
 * - the page as the app has it: right to left and Persian (`dir="rtl" lang="fa"` on the story's
 *   wrapper and on <html>), Vazirmatn from the `vazirmatn` package (the app's fonts.css), the app's
 *   global CSS and the widgets' CSS;
 * - the accessibility addon on every story (WCAG 2.1 A/AA rules, as the e2e axe scan; a11y.ts), whose
 *   results `npm run test:stories-visual` fails on;
 * - controls inferred from the components' props (`argTypes`), with the stories' args;
 * - a fresh React Query client per story with the API seeded, the widgets' services over it, and a `fetch` stub for the calls the
 *   components make themselves (see api-mock.ts) — no story ever touches the network.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import '../src/client/styles/fonts.css';
import '../src/client/styles/app.css';
import '../widgets/widgets.css';
import { clearRegisterConfigCache } from '../src/client/api/config.js';
import { queryWidgetServices } from '../src/client/api/widget-services.js';
import { WidgetServicesContext } from '../widgets/services.js';
import { createSeededClient, type ApiSeeds } from '../widgets/story-helpers.js';
import { a11yParameters } from './a11y.js';
import { apiMockFromArgs, defaultSeeds, installFetchStub, setApiMock } from './api-mock.js';

const STORY_DIR = 'rtl';
const STORY_LANG = 'fa';

function setDocumentDirection(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.setAttribute('dir', STORY_DIR);
  document.documentElement.setAttribute('lang', STORY_LANG);
}

installFetchStub();
setDocumentDirection();

/** A fresh, seeded QueryClient for one story, dropped with it. */
function StoryProviders({ seeds, children }: { seeds: ApiSeeds | undefined; children: ReactNode }) {
  const [client] = useState(() => {
    // The welcome page keeps Register/Config in a module-level promise: start each story afresh.
    clearRegisterConfigCache();
    return createSeededClient({ ...defaultSeeds, ...seeds });
  });
  useEffect(() => () => client.clear(), [client]);
  return (
    <QueryClientProvider client={client}>
      <WidgetServicesContext value={queryWidgetServices}>
        <div dir={STORY_DIR} lang={STORY_LANG} className="story-root" data-testid="story-root">
          {children}
        </div>
      </WidgetServicesContext>
    </QueryClientProvider>
  );
}

/** RTL Persian page, seeded React Query and the fetch stub answering as the story's args say. */
const withWizardPage: Decorator = (Story, context) => {
  setDocumentDirection();
  // Synchronously, before any child effect fetches: the stub answers the story on screen.
  setApiMock(apiMockFromArgs(context.args));
  return (
    <StoryProviders key={context.id} seeds={context.parameters.api as ApiSeeds | undefined}>
      <Story />
    </StoryProviders>
  );
};

/**
 * The console's stylesheet, for the console's stories only (its entry, staff.html, loads it; the
 * wizard's pages never do), so a designer sees the console as colleagues see it.
 */
const withConsoleStyles: Loader = async (context) => {
  if (context.title.startsWith('Staff/')) await import('../src/client/staff/shell/staff.css');
  return {};
};

const preview: Preview = {
  decorators: [withWizardPage],
  loaders: [withConsoleStyles],
  parameters: {
    layout: 'padded',
    controls: {
      expanded: true,
      matchers: { color: /(background|color)$/i, date: /Date$/i },
    },
    a11y: a11yParameters,
  },
  initialGlobals: {
    a11y: { manual: false },
  },
};

export default preview;
