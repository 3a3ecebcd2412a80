/** The baseline: a bare Fastify route serving fixed JSON from memory (docs/quality.md#speed). */
import fs from 'node:fs';
import Fastify from 'fastify';

// Large payloads come in a file: the environment of a process has a size limit (E2BIG).
const payloads = JSON.parse(process.env.BARE_PAYLOADS_FILE ? fs.readFileSync(process.env.BARE_PAYLOADS_FILE, 'utf8') : (process.env.BARE_PAYLOADS ?? '{}')) as Record<string, unknown>;
const app = Fastify({ logger: false });
for (const [url, body] of Object.entries(payloads)) {
  const json = JSON.stringify(body);
  app.get(url, (_request, reply) => reply.type('application/json; charset=utf-8').send(json));
}
app.get('/ready', () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
