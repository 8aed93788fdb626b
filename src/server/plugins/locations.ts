import fp from 'fastify-plugin';
import { loadLocations } from '../locations/locations.js';
import type { LocationsResource } from '../locations/locations.js';
declare module 'fastify' {
  interface FastifyInstance {
    locations: LocationsResource;
  }
}

/** Provinces and cities (LOCATIONS_FILE), loaded and compressed once at start. */
export default fp(
  async (app) => {
    app.decorate('locations', loadLocations(app.config.locationsFile));
  },
  { name: 'locations', fastify: '5.x' },
);
