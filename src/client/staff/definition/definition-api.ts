// use-draft-editor.ts still imports the definition API from here; it is being reshaped on another
// branch, and once both land its import moves to ./api/definition-api.js and this file goes.
export * from './api/definition-api.js';
