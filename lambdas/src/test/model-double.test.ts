// The model double's script over HTTP, as test files sharing one double use it: each file's steps answer only the
// requests that carry its key, and each sees only its own requests.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOllamaTextModel } from '../adapters/local/ollama-text-model';
import { modelDoubleControl, startModelDouble, type ModelDouble } from './model-double';

let double: ModelDouble;
beforeEach(async () => {
  double = await startModelDouble({ pieceDelayMs: 0 });
});
afterEach(() => double.close());

const ask = (text: string) =>
  createOllamaTextModel({ baseUrl: double.url, model: 'llama3.2' }).complete({ system: 'Answer briefly.', messages: [{ role: 'user', content: [{ type: 'text', text }] }] });

describe('the model double scripted under keys', () => {
  it("answers a request from the script of the key it carries, in any case, and from no other file's", async () => {
    const first = modelDoubleControl(double.url, 'file-one');
    const second = modelDoubleControl(double.url, 'file-two');
    await first.reply('First file answer');
    await second.fail({ status: 500, message: 'model crashed' });

    expect((await ask('A question without a key')).text).toBe('Reply to: A question without a key');
    expect((await ask('A question of FILE-ONE')).text).toBe('First file answer');
    await expect(ask('A question of file-two')).rejects.toThrow('The local model could not answer.');
    // Each script is used up once answered.
    expect((await ask('Again file-one')).text).toBe('Reply to: Again file-one');

    expect((await first.requests()).map((r) => r.lastUserText)).toEqual(['A question of FILE-ONE', 'Again file-one']);
    expect((await second.requests()).map((r) => r.lastUserText)).toEqual(['A question of file-two']);
    expect((await first.requests('without a key')).map((r) => r.lastUserText)).toEqual(['A question without a key']);
  });

  it("forgets one key's steps and requests on its reset, and keeps the others'", async () => {
    const first = modelDoubleControl(double.url, 'file-one');
    const second = modelDoubleControl(double.url, 'file-two');
    await first.reply('Never sent');
    await second.reply('Kept for file two');
    await ask('Asked by file-one');
    await first.reply('Dropped by the reset');
    await first.reset();

    expect(await first.requests()).toEqual([]);
    expect((await ask('Then file-one')).text).toBe('Reply to: Then file-one');
    expect((await ask('Now file-two')).text).toBe('Kept for file two');
  });

  it('refuses a key that could occur by chance in a request (no hyphen), or none', async () => {
    expect(() => modelDoubleControl(double.url, 'model')).toThrow(/letters and digits joined by hyphens/);
    const response = await fetch(`${double.url}/_double/reply`, { method: 'POST', body: JSON.stringify({ answers: ['x'] }) });
    expect(response.status).toBe(400);
  });
});
