/**
 * Names under which the custom widgets register. The list lives in src/shared/definition/widget-names.ts, so
 * the server's definition checker (which never imports widgets/) reads the same one.
 */
export * from '../src/shared/definition/widget-names.js';
