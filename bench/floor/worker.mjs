// The floor of `npm run bench` (issue 24): a bare Hono "hello" Worker served by workerd beside the snapshot and
// measured with the same client. Nothing in it but routing and a JSON answer, so every other row can be read as a
// ratio to it: what the request path of the real Worker adds on top of HTTP into workerd.
import { Hono } from 'hono';

const app = new Hono().basePath('/api/v1');
app.get('/health', (c) => c.json({ status: 'ok', timestamp: new Date().toISOString() }));

export default app;
