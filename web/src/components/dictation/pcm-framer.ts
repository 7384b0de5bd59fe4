// The microphone's float samples, at whatever rate the browser's audio runs (44.1 or 48 kHz), as frames of 16 kHz
// 16-bit PCM for the engine (spec section 9). Runs on the audio thread inside the capture worklet.

/** The worklet's registered name. */
export const PCM_CAPTURE_PROCESSOR = 'chartside-pcm-capture';

/** What the page tells the worklet (it imports nothing of the app, so it stays small). */
export interface PcmCaptureOptions {
  outputRate: number;
  frameSamples: number;
}

/** Float samples in -1..1 as 16-bit signed integers, clipped. */
export const toInt16 = (sample: number): number => {
  const clipped = Math.max(-1, Math.min(1, sample));
  return Math.round(clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff);
};

export class PcmFramer {
  /** Input samples per output sample: 3 for 48 kHz. */
  private readonly step: number;
  private pending: number[] = [];
  /** Where the next output sample starts, in samples of `pending`. */
  private position = 0;
  private frame: Int16Array;
  private filled = 0;

  constructor(
    inputRate: number,
    outputRate: number,
    private readonly frameSamples: number,
    private readonly onFrame: (frame: Int16Array) => void,
  ) {
    if (inputRate < outputRate) throw new Error(`Audio at ${inputRate} Hz cannot be turned into ${outputRate} Hz`);
    this.step = inputRate / outputRate;
    this.frame = new Int16Array(frameSamples);
  }

  /** Each output sample is the mean of the input samples it spans: a box filter, enough against aliasing in speech. */
  push(input: Float32Array): void {
    for (const sample of input) this.pending.push(sample);
    while (this.position + this.step <= this.pending.length) {
      const from = Math.floor(this.position);
      const to = Math.max(from + 1, Math.floor(this.position + this.step));
      let sum = 0;
      for (let index = from; index < to; index++) sum += this.pending[index]!;
      this.emit(toInt16(sum / (to - from)));
      this.position += this.step;
    }
    const consumed = Math.floor(this.position);
    this.pending = this.pending.slice(consumed);
    this.position -= consumed;
  }

  private emit(sample: number): void {
    this.frame[this.filled++] = sample;
    if (this.filled < this.frameSamples) return;
    this.onFrame(this.frame);
    this.frame = new Int16Array(this.frameSamples);
    this.filled = 0;
  }
}
