/**
 * Setup of the `stories` tests: the browser APIs jsdom lacks, then the project's Storybook
 * annotations (.storybook/preview.tsx: RTL page, seeded React Query, fetch stub, a11y parameters)
 * applied to every composed story, as Storybook applies them.
 */
import './browser-stubs.js';
import { setProjectAnnotations } from '@storybook/react-vite';
import { beforeAll } from 'vitest';
import preview from '../../.storybook/preview.js';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
