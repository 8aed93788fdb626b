/**
 * What each custom widget is, without its React code. The declarations live in
 * src/shared/definition/widget-declarations.ts, so the server's definition checker and the pages rendered
 * at publish (which never import widgets/) read the same ones.
 */
export * from '../src/shared/definition/widget-declarations.js';
