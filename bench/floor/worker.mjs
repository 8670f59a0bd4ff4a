// The floor of `npm run bench` (issue 24): a bare Hono "hello" Worker served by workerd beside the snapshot and
// measured with the same client. Nothing in it but routing and a JSON answer, so every other row can be read as a
// ratio to it: what the request path of the real Worker adds on top of HTTP into workerd.
// `/d1` is the same with one D1 read (`SELECT 1` on a local D1 of its own): the floor of a call that must reach D1 once,
// so a budget on such a call measures the app's own work and not what a D1 round trip costs on the machine that day.
import { Hono } from 'hono';

const app = new Hono().basePath('/api/v1');
app.get('/health', (c) => c.json({ status: 'ok', timestamp: new Date().toISOString() }));
app.get('/d1', async (c) => c.json({ data: await c.env.DB.prepare('SELECT 1 AS one').first() }));

export default app;
// `/d1-write-shape` is a write's shape on D1 with none of its work: one batch of 6 reads (`SELECT 1`), then one batch
// of 12 inserts into a one-column table, as an event create reads its animal and then writes (2 round trips, 18
// statements). What a write costs beyond it is its own SQL and the Worker's own work.
app.get('/d1-write-shape', async (c) => {
  const db = c.env.DB;
  await db.batch(Array.from({ length: 6 }, () => db.prepare('SELECT 1 AS one')));
  await db.batch([
    db.prepare('CREATE TABLE IF NOT EXISTS shape (id INTEGER PRIMARY KEY, v TEXT)'),
    ...Array.from({ length: 12 }, () => db.prepare("INSERT INTO shape (v) VALUES ('x')")),
  ]);
  return c.json({ ok: true });
});
