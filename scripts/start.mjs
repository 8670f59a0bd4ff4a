// `npm start`: build the web app, apply local migrations, serve at 127.0.0.1:${PORT:-8787}, seed the demo farm.
import { buildWeb, ensureDevVars, migrate, seedDemoFarm, serve } from './local-server.mjs';

const port = Number(process.env.PORT ?? 8787);
ensureDevVars();
buildWeb();
migrate();
const server = await serve({ port, vars: { APP_URL: `http://127.0.0.1:${port}` } });
const seeded = await seedDemoFarm(server.url);
console.log(`\n  牛帳 Ushichō is running at ${server.url}`);
console.log(`  Demo login: demo@ushicho.example / ushicho-demo-2026 ${seeded.created ? '(demo farm created)' : ''}`);
console.log(`  Mail outbox: ${server.url}/api/v1/dev/outbox   API reference: ${server.url}/api/v1/docs\n`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.stop();
    process.exit(0);
  });
server.child.on('exit', (code) => process.exit(code ?? 0));
