/**
 * What a pre-rendered page tells its loader (page-loader.ts), as attributes of the loader's own
 * `<script>`: written by the page builder (build/prerender-plugin.ts), read by the loader.
 */
export const pageLoaderAttributes = {
  /** The app's module script. */
  entry: 'data-entry',
  /** The modules it needs before it can hydrate, space-separated (added as modulepreloads). */
  modules: 'data-modules',
  /** The web fonts' stylesheet, when the page declares web fonts. */
  fonts: 'data-fonts',
  /**
   * Answers fetched as soon as the text is on screen, space-separated: the version's definition
   * (the app hydrates with it), then those the step's widgets ask for as they mount.
   */
  fetches: 'data-fetches',
} as const;
