import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import '../../styles/fonts.css';
import '../../styles/app.css';
import './staff.css';
import { previewRevision, previewToken } from '../definition/preview/preview-path.js';
import { StaffApp } from './StaffApp.js';
import { createStaffQueryClient } from '../session/query-client.js';

/** The wizard itself, rendered from the draft inside the editor's preview frame: its own chunk and router. */
const PreviewPage = lazy(() => import('../definition/preview/PreviewPage.js'));

const container = document.getElementById('root');
if (!container) throw new Error('staff.html has no #root');
const revision = previewRevision(window.location.pathname);
createRoot(container).render(
  <StrictMode>
    {revision === undefined ? (
      <QueryClientProvider client={createStaffQueryClient()}>
        <BrowserRouter>
          <StaffApp />
        </BrowserRouter>
      </QueryClientProvider>
    ) : (
      <Suspense fallback={null}>
        <PreviewPage revision={revision} token={previewToken(window.location.hash)} />
      </Suspense>
    )}
  </StrictMode>,
);
