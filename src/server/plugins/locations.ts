import fp from 'fastify-plugin';
import { loadLocations } from '../locations/locations.js';

/** Provinces and cities (LOCATIONS_FILE), loaded and compressed once at start. */
export default fp(
  async (app) => {
    app.decorate('locations', loadLocations(app.config.locationsFile));
  },
  { name: 'locations', fastify: '5.x' },
);
