import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { integrationPaths } from '../../shared/contracts/integrations.js';
import {
  WebhookCreated,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointChange,
  WebhookEndpointInput,
  WebhookRotated,
  WebhookTestAnswer,
} from '../../shared/contracts/integrations.schemas.js';
import { apiTags } from '../api-tags.js';
import { errorResponses } from '../errors.js';
import { identity } from '../staff-identity.js';
import { noContent, type TypedApp } from '../api.schemas.js';
import { DeliveriesQuery, DeliveryParams, EmptyBody, EndpointParams, RotateBody } from './webhook.schemas.js';
import {
  changeWebhook,
  createWebhook,
  deliveriesOf,
  listWebhooks,
  removeWebhook,
  replayDelivery,
  rotateSecret,
  sendTestEvent,
} from './webhook.service.js';

const admins = { staffRoles: ['admin'] as const };

/** The webhook endpoints of /staff/integrations (admins); every change is audited. */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  endpointListRoutes(app);
  endpointRoutes(app);
  deliveryRoutes(app);
};

const tags = [apiTags.staffWebhooks.name];

/** The list of endpoints, and a new one. */
function endpointListRoutes(app: TypedApp): void {
  const services = app.webhooks.services;

  app.get(
    integrationPaths.webhooks,
    {
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: 'The webhook endpoints (admins)',
        description: 'Each endpoint with its events and its custom headers’ names; never a secret or a header value.',
        response: { 200: Type.Array(WebhookEndpoint), ...errorResponses },
      },
      config: admins,
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listWebhooks(services);
    },
  );

  app.post(
    integrationPaths.webhooks,
    {
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Adds a webhook endpoint (admins)',
        description:
          'Answers its signing secret (`whsec_…`) this once. 400 `webhook_url_refused` for an address that resolves to loopback, private, link-local, unique-local or multicast addresses, or http in production; 400 `webhook_headers` with `fields["headers.<name>"]` for a custom header Node would not send; 409 `webhook_limit` past 20 endpoints.',
        body: WebhookEndpointInput,
        response: { 201: WebhookCreated, ...errorResponses },
      },
      config: admins,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const created = await createWebhook(services, identity(request), request.body);
      return reply.code(201).send(created);
    },
  );
}

/** One endpoint: changed, removed, or given a new secret. */
function endpointRoutes(app: TypedApp): void {
  const services = app.webhooks.services;

  app.patch(
    integrationPaths.webhook,
    {
      schema: {
        operationId: 'changeWebhook',
        tags,
        summary: 'Changes a webhook endpoint (admins)',
        description:
          'Any of the fields; `headers` replaces every custom header. Enabling an endpoint the server disabled clears its reason.',
        params: EndpointParams,
        body: WebhookEndpointChange,
        response: { 200: WebhookEndpoint, ...errorResponses },
      },
      config: admins,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return changeWebhook(services, identity(request), request.params.id, request.body);
    },
  );

  app.delete(
    integrationPaths.webhook,
    {
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Removes a webhook endpoint (admins)',
        description: 'With its queued events and its delivery log.',
        params: EndpointParams,
        response: { 204: noContent, ...errorResponses },
      },
      config: admins,
    },
    async (request, reply) => {
      await removeWebhook(services, identity(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    integrationPaths.rotate,
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'Gives a webhook endpoint a new secret (admins)',
        description:
          'Answers the new secret this once; the old one still signs beside it for 24 hours. A second rotation within those 24 hours would drop it early: 409 `webhook_rotation_pending`, unless `dropPrevious` is true.',
        params: EndpointParams,
        body: RotateBody,
        response: { 200: WebhookRotated, ...errorResponses },
      },
      config: admins,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const dropPrevious = request.body?.dropPrevious === true;
      return { secret: await rotateSecret(services, identity(request), request.params.id, { dropPrevious }) };
    },
  );
}

/** What reaches a receiver: a test ping, the delivery log, and a delivery sent again. */
function deliveryRoutes(app: TypedApp): void {
  const services = app.webhooks.services;

  app.post(
    integrationPaths.test,
    {
      schema: {
        operationId: 'testWebhook',
        tags,
        summary: 'Sends a ping event at once (admins)',
        description: 'Outside the queue; answers the receiver’s status, how long it took and the start of its answer.',
        params: EndpointParams,
        body: EmptyBody,
        response: { 200: WebhookTestAnswer, ...errorResponses },
      },
      config: admins,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return sendTestEvent(services, identity(request), request.params.id);
    },
  );

  app.get(
    integrationPaths.deliveries,
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'A webhook endpoint’s delivery log (admins)',
        description:
          'Every attempt, newest first: event, webhook-id, attempt, status, time, the first 500 bytes of the answer.',
        params: EndpointParams,
        querystring: DeliveriesQuery,
        response: { 200: Type.Array(WebhookDelivery), ...errorResponses },
      },
      config: admins,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return deliveriesOf(services, request.params.id, request.query.limit ?? 100);
    },
  );

  app.post(
    integrationPaths.replay,
    {
      schema: {
        operationId: 'replayWebhookDelivery',
        tags,
        summary: 'Sends a delivery’s event again (admins)',
        description:
          'The event goes back in the queue, due at once, with its webhook-id; 409 `replay_busy` while it is being sent.',
        params: DeliveryParams,
        body: EmptyBody,
        response: { 204: noContent, ...errorResponses },
      },
      config: admins,
    },
    async (request, reply) => {
      await replayDelivery(services, identity(request), request.params.id, request.params.deliveryId);
      app.webhooks.worker.nudge();
      return reply.code(204).send();
    },
  );
}
