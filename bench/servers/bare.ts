// Baseline `bare`: plain Fastify, no plugins, one route answering a constant. The ceiling every
// other figure of the server section is compared with.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const constant = { ok: true };
app.get('/api/bench/constant', async () => constant);
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
