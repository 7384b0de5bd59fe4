// The Text Transformer from the top bar: image files only (anything else is refused, saying so), Run sends the images
// scaled down in the browser with the instruction, the result can be copied or exported; with no vision model it says
// so and Run stays disabled.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { storeSessionId } from '../../../test/fixtures';
import { fakeMatchMedia } from '../../../test/match-media';
import { renderApp } from '../../../test/render-app';
import { installSignedInBrowser } from '../../../test/signed-in-browser';
import { aiMissing, serveChats, type ChatStore } from '../chat-fixtures';
import { TRANSFORM_IMAGE_BOX } from './transform-image';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

// jsdom cannot decode or draw images: the scaling is the browser's; what it is asked for is checked here.
const scaled: { box: unknown }[] = [];
vi.mock('../../../components/rich-text/downscale-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../components/rich-text/downscale-image')>()),
  imageAsJpeg: async (_file: Blob, box: unknown) => {
    scaled.push({ box });
    return 'data:image/jpeg;base64,SkZJRg==';
  },
}));

let api: FakeApi;
let store: ChatStore;

beforeEach(() => {
  scaled.length = 0;
  api = installSignedInBrowser();
  storeSessionId();
  store = serveChats(api);
  vi.stubGlobal('matchMedia', fakeMatchMedia((query) => query === '(min-width: 48em)'));
});
afterEach(() => {
  FakeWebSocket.instances = [];
});

const openTransformer = async () => {
  renderApp('/');
  const user = userEvent.setup({ applyAccept: false });
  await screen.findByText('Signed in as dr.grey@example.org', {}, { timeout: 10_000 });
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Text transformer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Text Transformer' });
  const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type="file"][accept="image/*"]');
  if (!input) throw new Error('no image input');
  return { user, dialog, input };
};

const image = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cbc.jpg', { type: 'image/jpeg' });

describe('TextTransformerDialog', () => {
  it('refuses a file that is not an image, saying so', async () => {
    const { user, dialog, input } = await openTransformer();
    await user.upload(input, new File(['%PDF-1.7'], 'discharge.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '"discharge.pdf" is not an image. The Text Transformer reads image files only: a photo or screenshot of a printout or a note.',
    );
    expect(within(dialog).queryByRole('list', { name: 'Images' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Run' })).toHaveProperty('disabled', true);
  });

  it('sends the images scaled to fit 1600×1600 with the instruction, and shows the text with Copy and Export', async () => {
    api.on('POST', '/transform', () => ({ text: 'WBC 14.2\nHgb 9.1', model: 'vision-model' }));
    const { user, dialog, input } = await openTransformer();
    expect(within(dialog).getByRole('textbox', { name: 'Instruction (optional)' }).getAttribute('placeholder')).toBe('Transcribe this lab printout or handwritten note');
    await user.upload(input, image());
    expect(within(within(dialog).getByRole('list', { name: 'Images' })).getByText('cbc.jpg')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Instruction (optional)' }), 'Only the CBC');
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Result' })).toHaveProperty('value', 'WBC 14.2\nHgb 9.1');
    expect(scaled).toEqual([{ box: TRANSFORM_IMAGE_BOX }]);
    expect(api.calls('POST', '/transform')[0]?.body).toEqual({ images: [{ type: 'image', mimeType: 'image/jpeg', data: 'SkZJRg==' }], instruction: 'Only the CBC' });
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Export to Text Field' }));
    const exportDialog = await screen.findByRole('dialog', { name: 'Export to Text Field' });
    expect(within(exportDialog).getByRole('textbox', { name: 'Text to export' })).toHaveProperty('value', 'WBC 14.2\nHgb 9.1');
  });

  it('says plainly when no model is set up, and keeps Run disabled', async () => {
    store.status.current = aiMissing;
    const { user, dialog, input } = await openTransformer();
    expect(await within(dialog).findByText('AI is not set up on this server.')).toBeTruthy();
    expect(within(dialog).getByText(aiMissing.setUpHint)).toBeTruthy();
    await user.upload(input, image());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Run' })).toHaveProperty('disabled', true));
    expect(api.calls('POST', '/transform')).toHaveLength(0);
  });
});
