// The baseline: a bare Fastify answering GET / with {hello:'world'}, in its own process like
// the real server (so it does not share an event loop with autocannon). Loopback only.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port, host: '127.0.0.1' });
console.log(JSON.stringify({ msg: `hello listening on 127.0.0.1:${port}` }));

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
