// The chat streaming benchmark: `npm run bench:chat [-- --tokens 200 --runs 10 --concurrent 20]`. Prints figures;
// asserts nothing. A model double streams answers of `tokens` pieces (one every 2 ms); the same answer is timed twice:
// read straight from the double (Ollama's NDJSON over HTTP), and through Chartside (POST a message, pieces arriving as
// chat.delta on the user's WebSocket). The difference is the time our path adds: to the first piece, and per piece.
// Then `concurrent` users send at once.
import { parseArgs } from 'node:util';
import { chatReplyId, type SentChatMessage } from '@chartside/shared';
import { startModelDouble } from '@chartside/lambdas/test/model-double';
import { api, type Api, type Auth } from '../../harness/api';
import { startRuntime } from '../../harness/runtime';
import { openSocket, type TestSocket } from '../../harness/socket';
import { createUser, signedIn } from '../../harness/users';

const { values } = parseArgs({ options: { tokens: { type: 'string', default: '200' }, runs: { type: 'string', default: '10' }, concurrent: { type: 'string', default: '20' } } });
const tokens = Number(values.tokens);
const runs = Number(values.runs);
const concurrent = Number(values.concurrent);
const PIECE_MS = 2;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const figures = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;

const double = await startModelDouble({ pieceDelayMs: PIECE_MS });
const answer = () => Array.from({ length: tokens }, (_, i) => `tok${i} `);
/** When the model was last asked: every call is answered by this handler, which notes the time. */
let askedAt = 0;
double.respond(() => {
  askedAt = performance.now();
  return answer();
});

/** Straight from the double: time to the first piece and to the last. */
const direct = async () => {
  const started = performance.now();
  const response = await fetch(`${double.url}/api/chat`, { method: 'POST', body: JSON.stringify({ model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }], stream: true }) });
  const reader = response.body!.getReader();
  let first = 0;
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
    first ||= performance.now() - started;
  }
  return { first, total: performance.now() - started };
};

/**
 * Through Chartside: time from the POST to the first chat.delta (the chat shows the reply as its pieces arrive, before
 * the POST answers), to the POST's answer, and to the last piece.
 */
const throughChartside = async (asUser: Api, socket: TestSocket) => {
  const chat = await asUser('POST', '/chats', { id: `bench-${crypto.randomUUID()}` });
  const chatId = String(chat.json.id);
  socket.messages.length = 0;
  const messageId = crypto.randomUUID();
  const replyId = chatReplyId(messageId);
  const isPiece = (m: Record<string, unknown>) => m.type === 'chat.delta' && m.messageId === replyId;
  const started = performance.now();
  const firstPiece = socket.next(isPiece, 30_000).then(() => performance.now() - started);
  const sent = (await asUser('POST', `/chats/${chatId}/messages`, { messageId, text: 'hi' })).json as unknown as SentChatMessage;
  const answered = performance.now() - started;
  if (sent.reply.id !== replyId) throw new Error(`The reply's id is ${sent.reply.id}, not ${replyId}.`);
  const first = await firstPiece;
  const asked = askedAt - started;
  const expected = answer().join('').length;
  const received = () => (socket.messages as Record<string, unknown>[]).filter(isPiece).reduce((sum: number, m) => sum + String(m.text).length, 0);
  while (received() < expected) await new Promise((resolve) => setTimeout(resolve, 1));
  return { first, asked, answered, total: performance.now() - started };
};

const runtime = await startRuntime({ env: { OLLAMA_URL: double.url, LOG_LEVEL: 'ERROR' } });
try {
  const users: { auth: Auth; asUser: Api; socket: TestSocket }[] = [];
  for (let i = 0; i < concurrent; i += 1) {
    const auth = await signedIn(runtime, await createUser(runtime));
    users.push({ auth, asUser: api(runtime, auth), socket: await openSocket(runtime, { ...auth, clientId: `bench-${i}` }) });
  }
  const [one] = users;
  // Warm both paths up (first requests compile and connect).
  await direct();
  await throughChartside(one!.asUser, one!.socket);

  const directRuns: { first: number; total: number }[] = [];
  const ourRuns: { first: number; asked: number; answered: number; total: number }[] = [];
  for (let run = 0; run < runs; run += 1) {
    directRuns.push(await direct());
    ourRuns.push(await throughChartside(one!.asUser, one!.socket));
  }
  console.log(`chat streaming: ${tokens} pieces per answer, one every ${PIECE_MS} ms from the model double, ${runs} runs`);
  console.log(`  first piece, straight from the model:   ${figures(directRuns.map((r) => r.first))}`);
  console.log(`  first piece, through Chartside:         ${figures(ourRuns.map((r) => r.first))}`);
  const addedFirst = ourRuns.map((r, i) => r.first - directRuns[i]!.first);
  console.log(`  added to the first piece:               ${figures(addedFirst)}   (aim: under 30 ms)`);
  console.log(`    of which, POST until the model is asked: ${figures(ourRuns.map((r) => r.asked))}   (the session checked, the chat read)`);
  console.log(`    and the model's first piece to the socket (the connections read, the exchange stored meanwhile): ${figures(ourRuns.map((r, i) => r.first - r.asked - directRuns[i]!.first))}`);
  console.log(`  the POST's answer (the exchange stored):  ${figures(ourRuns.map((r) => r.answered))}`);
  const addedPerPiece = ourRuns.map((r, i) => (r.total - r.first - (directRuns[i]!.total - directRuns[i]!.first)) / tokens);
  console.log(`  added per piece after the first:        ${figures(addedPerPiece)}   (aim: under 2 ms)`);

  const started = performance.now();
  const all = await Promise.all(users.map(({ asUser, socket }) => throughChartside(asUser, socket)));
  console.log(`  ${concurrent} chats at once: first piece ${figures(all.map((r) => r.first))}; all ${concurrent} complete after ${(performance.now() - started).toFixed(0)} ms`);
  for (const { socket } of users) socket.close();
} finally {
  await runtime.stop();
  await double.close();
}
