// Which dictation engine the local runtime picks from its settings, and the socket address its session call answers.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { readSettings } from './settings';
import { DICTATION_NOT_SET_UP, DICTATION_OFF, localSpeech, localTranscriptionSessions } from './speech';

const noModel = () => mkdtempSync(path.join(os.tmpdir(), 'no-model-'));
const settings = (env: Record<string, string>) => readSettings(env);
const engineOf = async (env: Record<string, string>) => {
  const speech = await localSpeech(settings(env));
  return speech.engine ? speech.engine.name : speech.problem;
};

describe('localSpeech', () => {
  it('takes the Whisper server when WHISPER_URL is set, unless pocketsphinx is asked for', async () => {
    expect(await engineOf({ WHISPER_URL: 'http://127.0.0.1:8000' })).toBe('whisper');
    expect(await engineOf({ WHISPER_URL: 'http://127.0.0.1:8000', DICTATION_ENGINE: 'whisper' })).toBe('whisper');
    expect(await engineOf({ WHISPER_URL: 'http://127.0.0.1:8000', DICTATION_ENGINE: 'pocketsphinx', POCKETSPHINX_MODEL_DIR: noModel() })).toMatch(/^Dictation is not set up/);
  });

  it('says what to install, and what is missing, when pocketsphinx is not there', async () => {
    const problem = await engineOf({ POCKETSPHINX_MODEL_DIR: noModel() });
    expect(problem.startsWith(`${DICTATION_NOT_SET_UP} (pocketsphinx: pocketsphinx model files missing: `)).toBe(true);
    expect(await engineOf({ POCKETSPHINX_PYTHON: '/nonexistent/python3' })).toMatch(/^Dictation is not set up on this server: .*\(pocketsphinx: .*ENOENT/);
  });

  it('has none when turned off', async () => {
    expect(await engineOf({ DICTATION_ENGINE: 'off', WHISPER_URL: 'http://127.0.0.1:8000' })).toBe(DICTATION_OFF);
  });

  it('refuses DICTATION_ENGINE=whisper without WHISPER_URL', () => {
    expect(() => settings({ DICTATION_ENGINE: 'whisper' })).toThrow('WHISPER_URL: DICTATION_ENGINE=whisper needs WHISPER_URL');
  });
});

describe('localTranscriptionSessions', () => {
  const whisper = async () => localSpeech(settings({ WHISPER_URL: 'http://127.0.0.1:8000' }));

  it.each([
    ['http://localhost:8080/api/transcription/session', 'ws://localhost:8080/transcribeV2'],
    ['http://192.168.1.20:8090/api/transcription/session', 'ws://192.168.1.20:8090/transcribeV2'],
    ['https://chartside.example.org/api/transcription/session', 'wss://chartside.example.org/transcribeV2'],
  ])('answers the socket on the host the browser called (%s)', async (requestUrl, url) => {
    expect(await localTranscriptionSessions(await whisper(), 'http://localhost:8080').open('user-1', requestUrl)).toEqual({ kind: 'socket', url, engine: 'whisper' });
  });

  it("answers the runtime's own origin when not told the request's", async () => {
    expect((await localTranscriptionSessions(await whisper(), 'http://localhost:9090').open('user-1')).url).toBe('ws://localhost:9090/transcribeV2');
  });

  it('refuses with 503 and the problem when there is no engine', async () => {
    const open = localTranscriptionSessions({ problem: DICTATION_OFF }, 'http://localhost:8080').open('user-1');
    await expect(open).rejects.toThrow(AppError);
    await expect(open).rejects.toMatchObject({ code: 'unavailable', status: 503, message: DICTATION_OFF });
  });
});
