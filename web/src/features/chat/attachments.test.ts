import { CHAT_IMAGE_SIZE } from '@chartside/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attachmentKind, CHAT_IMAGE_QUALITY, chatImage, countProblem } from './attachments';

const asked: unknown[] = [];
vi.mock('../../components/rich-text/downscale-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/rich-text/downscale-image')>()),
  imageAsJpeg: async (_file: Blob, box: unknown) => {
    asked.push(box);
    return 'data:image/jpeg;base64,/9j/4AAQ';
  },
}));

beforeEach(() => {
  asked.length = 0;
});

describe('attachmentKind', () => {
  it.each([
    ['photo.png', 'image/png', { kind: 'image' }],
    ['scan.heic', 'image/heic', { kind: 'image' }],
    ['note.pdf', 'application/pdf', { kind: 'file', mimeType: 'application/pdf' }],
    ['labs.txt', 'text/plain', { kind: 'file', mimeType: 'text/plain' }],
    ['plan.md', '', { kind: 'file', mimeType: 'text/markdown' }],
    ['vitals.csv', 'application/octet-stream', { kind: 'file', mimeType: 'text/csv' }],
    ['page.html', 'text/html; charset=utf-8', { kind: 'file', mimeType: 'text/html' }],
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', undefined],
    ['archive.zip', 'application/zip', undefined],
    ['noextension', '', undefined],
  ])('%s (%j) is %j', (name, type, want) => expect(attachmentKind({ name, type })).toEqual(want));
});

describe('countProblem', () => {
  it('allows three images and three files per message', () => {
    const images = Array.from({ length: 3 }, () => ({ kind: 'image' as const }));
    expect(countProblem('image', images.slice(0, 2))).toBeUndefined();
    expect(countProblem('image', images)).toBe('At most 3 images per message.');
    expect(countProblem('file', images)).toBeUndefined();
  });
});

describe('chatImage', () => {
  it('scales the image to fit 400×300 as JPEG and sends its base64 without the data: prefix', async () => {
    expect(await chatImage(new Blob(['x'], { type: 'image/png' }))).toEqual({ type: 'image', mimeType: 'image/jpeg', data: '/9j/4AAQ' });
    expect(asked).toEqual([{ maxWidth: CHAT_IMAGE_SIZE.width, maxHeight: CHAT_IMAGE_SIZE.height, quality: CHAT_IMAGE_QUALITY }]);
  });
});
