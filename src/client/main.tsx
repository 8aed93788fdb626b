import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './styles/fonts.css';
import './styles/app.css';
import { WizardApp } from './app/WizardApp.js';
import type { ValidatorFactory } from './app/wizard-env.js';
import { loadFullWizard, shellWizard } from './wizard-source.js';

/** Precompiled validators load with the form steps' chunk, never on /welcome. */
const loadValidators = (): Promise<ValidatorFactory> =>
  import('./form/precompiled.js').then((module) => module.precompiledValidatorFactory);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <WizardApp wizard={shellWizard} loadFullWizard={loadFullWizard} loadValidators={loadValidators} prefetch />
    </BrowserRouter>
  </StrictMode>,
);
