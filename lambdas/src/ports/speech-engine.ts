// A speech-to-text engine on this machine, fed a live stream of 16 kHz 16-bit mono PCM (the local runtime's dictation
// socket; the cloud streams to Amazon Transcribe Medical from the browser instead).
export interface SpeechEngine {
  /** Its name, told to the browser with the socket's address (e.g. 'pocketsphinx'). */
  readonly name: string;
  /** Starts one stream; resolves once the engine takes audio, rejects when it cannot start. */
  open(listener: SpeechListener): Promise<SpeechStream>;
}

export interface SpeechListener {
  /** Text heard: a partial one is replaced by the next, a final one ends a phrase. */
  text(text: string, isFinal: boolean): void;
  /** The engine failed; no more text follows. The message is shown to the user as it is. */
  failed(message: string): void;
  /** After `end()`: every final text has been given. */
  ended(): void;
  /** After `write` answered false: the engine has caught up and takes audio again. */
  drained(): void;
}

export interface SpeechStream {
  /**
   * One piece of audio: 16-bit signed little-endian samples, an even number of bytes. Answers false when the engine is
   * behind (audio sent faster than real time, a busy machine): hold further audio until `drained`.
   */
  write(pcm: Buffer): boolean;
  /** No more audio: the engine settles the last phrase, gives its final text, then calls `ended`. */
  end(): void;
  /** Stops at once and frees everything; no more calls to the listener. */
  close(): void;
}
