// The herd import of docs/product.md §14 in the benchmark: a 5,000-row CSV previewed (dry run) and committed on
// the 2,000-head farm, a few times each, each commit a new file (new numbers) so every run creates 5,000 animals.
// Budgets (issue 21): p50 dry run ≤ 1.5 s, commit ≤ 4 s locally.
import http from 'node:http';

export const IMPORT_ROWS = 5000;
export const IMPORT_BUDGET = { dryRunMs: 1500, commitMs: 4000 };
const RUNS = { dryRun: 5, commit: 3 };

/** A farmer's file: the national register's columns, mothers listed anywhere, numbers starting with 0. */
export function importFile(run, rows = IMPORT_ROWS) {
  const base = 700_000_000 + run * 10_000;
  const id = (i) => String(base + i).padStart(10, '0');
  const lines = ['個体識別番号,出生の年月日,雌雄の別,母牛の個体識別番号,種別,導入日'];
  for (let i = 0; i < rows; i++) {
    const cow = i < rows / 2;
    const born = cow ? `201${i % 9}.0${1 + (i % 9)}.1${i % 10}` : `R6.${1 + (i % 12)}.${1 + (i % 28)}`;
    const mother = cow ? '' : id(i % (rows / 2));
    lines.push(
      `${id(i)},${born},${cow ? 'メス' : i % 2 ? 'オス' : '去勢'},${mother},黒毛和種,${cow ? '2020/4/1' : ''}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

function post(url, token, path, body) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      `${url}/api/v1${path}`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
        timeout: 120_000,
        // A connection of its own: Node 20's global agent keeps sockets alive with a 5 s timeout of their own, and a
        // commit at 8,000 head (6–7 s) lost its answer to it ("socket hang up") though the Worker had written it.
        agent: false,
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () =>
          resolve({ ms: performance.now() - t0, status: response.statusCode, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    // A dropped connection is a failed import, reported, not a crash of the benchmark.
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ ms: performance.now() - t0, status: 0, text: String(err?.message ?? err) }));
    req.end(body);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureImport(url, token) {
  const dry = [];
  for (let run = 0; run < RUNS.dryRun; run++) {
    const res = await post(url, token, '/imports/cattle?dryRun=true', importFile(100 + run));
    if (res.status !== 200) return { error: `dry run ${res.status}: ${res.text.slice(0, 300)}` };
    dry.push(res.ms);
  }
  const commit = [];
  for (let run = 0; run < RUNS.commit; run++) {
    const res = await post(url, token, '/imports/cattle?dryRun=false', importFile(run));
    if (res.status !== 200) return { error: `commit ${res.status}: ${res.text.slice(0, 300)}` };
    const summary = JSON.parse(res.text).data.summary;
    if (summary.create !== IMPORT_ROWS) return { error: `commit created ${summary.create} of ${IMPORT_ROWS}` };
    commit.push(res.ms);
  }
  return { rows: IMPORT_ROWS, dryRunP50: median(dry), commitP50: median(commit), dryRun: dry, commit };
}
