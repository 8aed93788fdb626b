import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/fonts.css';
import '../styles/app.css';
import './staff.css';
import { StaffApp } from './StaffApp.js';

const container = document.getElementById('root');
if (!container) throw new Error('staff.html has no #root');
createRoot(container).render(
  <StrictMode>
    <StaffApp />
  </StrictMode>,
);
