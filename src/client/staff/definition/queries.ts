// use-draft-editor.ts still imports its queries from here; it is being reshaped on another branch,
// and once both land its import moves to ./hooks/definition-queries.js and this file goes.
export * from './hooks/definition-queries.js';
