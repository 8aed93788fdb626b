import fp from 'fastify-plugin';
import { API_BASE } from '../../shared/contracts/wizard-api.js';
import { errorBody } from '../errors.js';
import { pathOf } from './csrf.js';

/**
 * Unknown /api/ paths get a JSON 404, a known API path with the wrong method a 405 with Allow;
 * any other page path (GET) is the wizard, whose client router shows /welcome.
 */
export default fp(
  async (app) => {
    const apiMethods = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_BASE)) return;
      const methods = apiMethods.get(route.url) ?? new Set<string>();
      for (const method of [route.method].flat()) methods.add(method);
      apiMethods.set(route.url, methods);
    });
    app.setNotFoundHandler((request, reply) => {
      const path = pathOf(request.url);
      const isApi = `${path}/` === API_BASE || path.startsWith(API_BASE);
      if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/')) {
        return app.serveSpa(reply, path);
      }
      const allowed = isApi ? apiMethods.get(path) : undefined;
      if (allowed) {
        return reply
          .code(405)
          .header('allow', [...allowed].join(', '))
          .header('cache-control', 'no-store')
          .send(errorBody('method_not_allowed'));
      }
      return reply.code(404).header('cache-control', 'no-store').send(errorBody('not_found'));
    });
  },
  { name: 'not-found', fastify: '5.x', dependencies: ['spa'] },
);
