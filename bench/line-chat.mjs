// A LINE conversation in the benchmark (docs/product.md §25): 10 farmers, each linked by a code, send 5 weights by
// message and tap 記録する on each confirmation — 100 messages, the farmers at once — and every tap is delivered twice
// (LINE's redelivery). Nothing may be lost (every message answered) and each weight is recorded once.
import { linkOwnerToLine, signedMessage, signedTap } from './line.mjs';
import { get, post, seedHerd } from './seed.mjs';

const FARMERS = 10;
const WEIGHTS = 5;

const deliver = (url, body, headers) =>
  fetch(`${url}/api/v1/line/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const outbox = (url, lineUserId) => get(url, `/dev/line-outbox?to=${lineUserId}`).then((r) => r.data);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long a farmer waits at most for a reply: the webhook answers LINE at once and does its work after the answer. */
const REPLY_WAIT_MS = 10_000;

/** The farmer's outbox once it holds at least `count` replies (or as it is after REPLY_WAIT_MS), and when it did. */
async function replies(url, lineUserId, count, sentAt) {
  for (;;) {
    const box = await outbox(url, lineUserId);
    const waited = performance.now() - sentAt;
    if (box.length >= count || waited > REPLY_WAIT_MS) return { box, replyMs: waited };
    await sleep(10);
  }
}

/** The farm's weighings, every page of them (a seeded herd has more than one page). */
async function weighings(url, token) {
  let count = 0;
  for (let cursor = null; ; ) {
    const page = await get(
      url,
      `/events?eventType=WEIGHT_MEASURED&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      token,
    );
    count += page.data.results.length;
    if (!page.data.hasNext) return count;
    cursor = page.data.nextCursor;
  }
}

/** One farmer's 10 messages, in order (a tap needs its confirmation); answers the problems found. */
async function converse(url, farmer, run) {
  const problems = [];
  for (let i = 0; i < WEIGHTS; i++) {
    const cow = farmer.cows[i];
    const before = (await outbox(url, farmer.lineUserId)).length;
    const sent = signedMessage(farmer.lineUserId, `${cow.earTagNumber} 体重 ${400 + i}`);
    const sentAt = performance.now();
    if ((await deliver(url, sent.body, sent.headers)).status !== 200) problems.push('message not answered 200');
    const { box: after, replyMs } = await replies(url, farmer.lineUserId, before + 1, sentAt);
    run.replyMs.push(replyMs);
    if (after.length !== before + 1) problems.push(`message ${i + 1}: ${after.length - before} answers`);
    const buttons = after.at(-1)?.messages[0]?.quickReply?.items ?? [];
    const record = buttons.find((b) => b.action.label === '記録する')?.action.data;
    if (!record) {
      problems.push(`message ${i + 1}: no 記録する (${after.at(-1)?.text})`);
      continue;
    }
    const tap = signedTap(farmer.lineUserId, record);
    // The tap, and LINE redelivering the same event.
    const tappedAt = performance.now();
    for (let copy = 0; copy < 2; copy++) {
      const res = await deliver(url, tap.body, tap.headers);
      if (res.status !== 200) problems.push(`tap ${i + 1}: ${res.status}`);
    }
    const { box: answered, replyMs: tapMs } = await replies(url, farmer.lineUserId, after.length + 1, tappedAt);
    run.replyMs.push(tapMs);
    const done = answered.at(-1)?.text ?? '';
    if (!done.startsWith('記録しました：')) problems.push(`tap ${i + 1}: ${done}`);
  }
  run.messages += WEIGHTS * 2;
  return problems;
}

/** 10 small farms with a linked LINE farmer each, then the conversation; answers what was found. */
export async function measureLineConversation(url, size, log) {
  const farmers = [];
  for (let i = 0; i < FARMERS; i++) {
    const owner = await post(url, '/dev/bench-seed/owner', {
      email: `bench-line-${size}-${i}@ushicho.example`,
      userName: `LINE牧場${i + 1}`,
    });
    await seedHerd(url, owner.userId, 40, {});
    const page = await get(url, '/cattle?growth_stage=MULTI_PAROUS&limit=20', owner.token);
    const cows = page.data.results.filter((c) => c.earTagNumber).slice(0, WEIGHTS);
    const lineUserId = await linkOwnerToLine(url, owner.token, `${size}${String(i).padStart(2, '0')}`);
    farmers.push({ ...owner, cows, lineUserId, before: await weighings(url, owner.token) });
  }
  const run = { messages: 0, replyMs: [] };
  const t0 = performance.now();
  const problems = (await Promise.all(farmers.map((f) => converse(url, f, run)))).flat();
  const ms = performance.now() - t0;
  // A redelivered tap's work also runs after its answer: let the last ones finish before counting the weights.
  await sleep(2_000);
  const recorded = [];
  for (const farmer of farmers) {
    const extra = (await outbox(url, farmer.lineUserId)).filter((m) => m.text?.startsWith('記録しました：')).length;
    if (extra !== WEIGHTS) problems.push(`${farmer.lineUserId}: ${extra} 記録しました replies for ${WEIGHTS} taps`);
  }
  for (const farmer of farmers) recorded.push((await weighings(url, farmer.token)) - farmer.before);
  const result = {
    farmers: FARMERS,
    messages: run.messages,
    redeliveries: FARMERS * WEIGHTS,
    recorded: recorded.reduce((a, b) => a + b, 0),
    expected: FARMERS * WEIGHTS,
    eachOnce: recorded.every((n) => n === WEIGHTS),
    lost: problems.length,
    problems: problems.slice(0, 10),
    seconds: Math.round(ms) / 1000,
    replyP50Ms: Math.round(percentile(run.replyMs, 0.5)),
    replyP95Ms: Math.round(percentile(run.replyMs, 0.95)),
  };
  log(
    `${size} head: LINE conversation ${result.messages} messages from ${FARMERS} farmers (+${result.redeliveries} redelivered taps) in ${result.seconds} s (reply p50 ${result.replyP50Ms} ms, p95 ${result.replyP95Ms} ms): ` +
      `${result.recorded} of ${result.expected} weights recorded, each once ${result.eachOnce}, lost ${result.lost}`,
  );
  return result;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}
