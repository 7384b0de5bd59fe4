"""Streams speech to text with Debian's python3-pocketsphinx: 16 kHz 16-bit mono PCM on stdin, JSON lines on stdout.

  {"type": "ready"}                      the model is loaded; audio may follow
  {"type": "partial", "text": "..."}     the phrase so far, each time it changes
  {"type": "final", "text": "..."}       a phrase ended (its voice activity detector heard END_SILENCE_FRAMES of silence)
At the end of stdin the phrase in progress is settled as a final text and the script exits 0. Errors go to stderr.
Usage: pocketsphinx-stream.py MODEL_DIR [COMMAND ...], the commands being the voice commands' phrases ('end list').
`--check MODEL_DIR` only checks that the module and the model are there (exit 0) and says what is missing (exit 1).
Run by lambdas/src/adapters/local/pocketsphinx-speech-engine.ts with Debian's /usr/bin/python3.
"""
import json
import os
import sys

# Silence, in 10 ms frames, that ends a phrase. pocketsphinx's default is 50; 30 (0.3 s) gives the final text sooner
# while a pause between words stays shorter than that.
END_SILENCE_FRAMES = 30
READ_BYTES = 4096
# pocketsphinx's general language model hears some command phrases as common words ('end list' as 'and list' or
# 'enlist'). A short final text that sounds one phoneme away from a command is taken as the command, but only for
# commands long enough (in phonemes) that one phoneme cannot turn an ordinary word into them ('undo' must be exact).
COMMAND_MAX_WORDS = 3
COMMAND_MIN_PHONES_FOR_NEAR = 6


def model_files(model_dir):
    return {
        '-hmm': os.path.join(model_dir, 'en-us'),
        '-lm': os.path.join(model_dir, 'en-us.lm.bin'),
        '-dict': os.path.join(model_dir, 'cmudict-en-us.dict'),
    }


def emit(kind, text=None):
    message = {'type': kind} if text is None else {'type': kind, 'text': text}
    sys.stdout.write(json.dumps(message) + '\n')
    sys.stdout.flush()


def edit_distance(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def phones_of(decoder, text):
    phones = []
    for word in text.split():
        pronunciation = decoder.lookup_word(word)
        if pronunciation is None:
            return None
        phones += pronunciation.split()
    return phones


def command_matcher(decoder, commands):
    """The command a final text sounds like, or the text itself."""
    known = [(command, phones_of(decoder, command)) for command in commands]
    known = [(command, phones) for command, phones in known if phones and len(phones) >= COMMAND_MIN_PHONES_FOR_NEAR]

    def match(text):
        if not text or len(text.split()) > COMMAND_MAX_WORDS:
            return text
        heard = phones_of(decoder, text)
        for command, phones in known:
            if heard and edit_distance(heard, phones) <= 1:
                return command
        return text

    return match


def check(model_dir):
    missing = [path for path in model_files(model_dir).values() if not os.path.exists(path)]
    if missing:
        sys.exit('pocketsphinx model files missing: ' + ', '.join(missing))
    try:
        import pocketsphinx  # noqa: F401
    except ImportError:
        sys.exit('the pocketsphinx module is not installed for ' + sys.executable + ' (Debian: python3-pocketsphinx)')


def run(model_dir, commands):
    from pocketsphinx import Decoder

    config = Decoder.default_config()
    for name, path in model_files(model_dir).items():
        config.set_string(name, path)
    config.set_string('-logfn', os.devnull)
    config.set_int('-vad_postspeech', END_SILENCE_FRAMES)
    decoder = Decoder(config)
    as_command = command_matcher(decoder, commands)
    emit('ready')

    decoder.start_utt()
    in_speech = False
    partial = ''

    def settle():
        nonlocal partial
        decoder.end_utt()
        hyp = decoder.hyp()
        emit('final', as_command(hyp.hypstr if hyp else ''))
        partial = ''

    stdin = sys.stdin.buffer
    while True:
        audio = stdin.read1(READ_BYTES)
        if not audio:
            break
        decoder.process_raw(audio, False, False)
        now_in_speech = decoder.get_in_speech()
        if now_in_speech:
            hyp = decoder.hyp()
            if hyp and hyp.hypstr and hyp.hypstr != partial:
                partial = hyp.hypstr
                emit('partial', partial)
        elif in_speech:
            settle()
            decoder.start_utt()
        in_speech = now_in_speech

    if in_speech:
        settle()


if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == '--check':
        check(sys.argv[2])
    elif len(sys.argv) >= 2 and sys.argv[1] != '--check':
        run(sys.argv[1], sys.argv[2:])
    else:
        sys.exit('usage: pocketsphinx-stream.py MODEL_DIR [COMMAND ...] | --check MODEL_DIR')
