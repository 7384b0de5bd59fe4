// Vector Search in jsdom on the real app with a fake API: a question asked with Enter, the answer with its citations
// linking the resources, the conversation so far sent with the next question, a refused question keeping its text,
// Clear, and the 'not set up' state. The answer from a real library is the browser test's (tests/e2e/ai-tools.test.ts).
import type { AskLibraryBody, LibraryAnswer } from '@chartside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { aiMissing, aiReady } from '../../chat/chat-fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

let api: FakeApi;
const answers: (LibraryAnswer | Response)[] = [];

const apixaban: LibraryAnswer = {
  answer: 'Give apixaban 2.5 mg twice daily [1].\n\nWatch:\n- creatinine [1][2]\n- bleeding [3]',
  sources: [
    { resourceId: 'r-1', name: 'Apixaban in the elderly', excerpt: 'Dose reduced to 2.5 mg twice daily.' },
    { resourceId: 'r 2', name: 'CKD dosing', excerpt: 'Creatinine over 1.5.' },
  ],
};

beforeEach(() => {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: vi.fn() });
  api = installSignedInBrowser();
  storeSessionId();
  answers.length = 0;
  api.on('GET', '/ai/status', () => aiReady).on('POST', '/library/ask', () => answers.shift() ?? apiError(500, 'internal', 'No answer scripted'));
});
afterEach(() => {
  FakeWebSocket.instances = [];
});

let queryClient: ReturnType<typeof renderApp>['queryClient'];
const open = async () => {
  queryClient = renderApp('/tools/vectorsearch').queryClient;
  await screen.findByRole('heading', { level: 1, name: 'Vector Search' }, { timeout: 10_000 });
  return userEvent.setup();
};
/** An answer under a loaded machine. */
const slow = { timeout: 5_000 };
const questionBox = () => screen.getByRole('textbox', { name: 'Question' });
const asked = () => api.calls('POST', '/library/ask').map((call) => call.body as AskLibraryBody);

describe('Vector Search', () => {
  it('asks with Enter and shows the answer, its citations linking the resources it draws on', async () => {
    answers.push(apixaban);
    const user = await open();
    await user.type(questionBox(), 'Apixaban dose at 85?{Enter}');
    const answer = await screen.findByRole('article', { name: 'Answer' }, slow);
    expect(asked()).toEqual([{ message: 'Apixaban dose at 85?', conversationHistory: [] }]);
    expect(within(answer).getByText(/Give apixaban 2.5 mg twice daily/)).toBeTruthy();
    const citations = within(answer).getAllByRole('link', { name: /^\[\d\]/ });
    expect(citations.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['[1] Apixaban in the elderly', '/resources/r-1'],
      ['[1] Apixaban in the elderly', '/resources/r-1'],
      ['[2] CKD dosing', '/resources/r%202'],
    ]);
    // [3] names no source: it stays text.
    expect(within(answer).getByText(/bleeding \[3\]/)).toBeTruthy();
    const sources = within(answer).getByRole('list', { name: 'From your library' });
    expect(within(sources).getAllByRole('link').map((link) => link.textContent)).toEqual(['Apixaban in the elderly', 'CKD dosing']);
    expect(within(sources).getByText('Creatinine over 1.5.')).toBeTruthy();
    expect((questionBox() as HTMLTextAreaElement).value).toBe('');
  });

  it('sends the conversation so far with the next question, and Clear starts over', async () => {
    answers.push(apixaban, { answer: 'Hold it 48 hours before [1].', sources: apixaban.sources.slice(0, 1) });
    const user = await open();
    await user.type(questionBox(), 'Apixaban dose at 85?{Enter}');
    await screen.findByRole('article', { name: 'Answer' }, slow);
    await user.type(questionBox(), 'And before surgery?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Answer' })).toHaveLength(2), slow);
    expect(asked()[1]).toEqual({
      message: 'And before surgery?',
      conversationHistory: [
        { role: 'user', text: 'Apixaban dose at 85?' },
        { role: 'assistant', text: apixaban.answer },
      ],
    });
    // Everything refetched (as after a reconnect): the conversation stays.
    await queryClient.invalidateQueries();
    expect(screen.getAllByRole('article', { name: 'Answer' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryAllByRole('article', { name: 'Answer' })).toHaveLength(0);
    expect(document.activeElement).toBe(questionBox());
  });

  it('shows why a question was not answered and keeps its text', async () => {
    answers.push(apiError(429, 'rate_limited', "You have used today's AI allowance (500,000 tokens). It renews at midnight UTC."));
    const user = await open();
    await user.type(questionBox(), 'Apixaban dose?{Enter}');
    expect(await screen.findByText(/You have used today's AI allowance/, {}, slow)).toBeTruthy();
    expect((questionBox() as HTMLTextAreaElement).value).toBe('Apixaban dose?');
  });

  it('says AI is not set up and what to set, and nothing can be asked', async () => {
    api.on('GET', '/ai/status', () => aiMissing);
    const user = await open();
    expect(await screen.findByText('AI is not set up on this server.', {}, slow)).toBeTruthy();
    expect(screen.getByText('Set OLLAMA_URL to an Ollama server and restart Chartside.')).toBeTruthy();
    await user.type(questionBox(), 'Apixaban dose?{Enter}');
    expect(screen.getByRole('button', { name: 'Ask' })).toHaveProperty('disabled', true);
    expect(asked()).toEqual([]);
  });
});
