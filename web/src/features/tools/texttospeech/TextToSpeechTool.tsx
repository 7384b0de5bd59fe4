// /tools/texttospeech: a text, typed or pasted or taken from one of the user's resources, read aloud with play, pause
// and resume, stop, speed and voice. Where the server reads aloud (Amazon Polly in the cloud) it does; elsewhere, or
// offline, the browser's own speech synthesis does and nothing leaves the device. The page says which.
import { DEFAULT_SPEECH_VOICE, resourcesContract, SPEECH_VOICES, speechContract, SpeechVoiceId } from '@chartside/shared';
import { Alert, Button, Group, Loader, Select, SimpleGrid, Slider, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useApi } from '../../../platform/platform-context';
import { resourceSpeechText } from './speech-text';
import { useServerSpeech } from './use-server-speech';
import { useSpeech, type SpeechState } from './use-speech';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

/** What the reader drives: the server's audio or the browser's synthesis. */
interface Player {
  state: SpeechState | 'preparing';
  error: string | undefined;
  voices: { value: string; label: string }[];
  /** The voice chosen at first; null: the reader's default (the voice list is then clearable). */
  initialVoice: string | null;
  voicePlaceholder: string;
  speak(text: string, options: { rate: number; voice: string | null }): void;
  pause(): void;
  resume(): void;
  stop(): void;
  /** A new speed while reading (the browser takes its speed at Play only). */
  setRate(rate: number): void;
}

export function TextToSpeechTool() {
  const api = useApi();
  const browser = useSpeech();
  const { attach: attachAudio, ended: audioEnded, ...server } = useServerSpeech();
  // Offline or unknown: the browser reads.
  const status = useQuery({ queryKey: ['speech', 'status'], queryFn: ({ signal }) => api.call(speechContract.status, { signal }), staleTime: Infinity, retry: false });

  if (status.isPending) {
    return (
      <PageFrame title="Text to Speech">
        <Loader aria-label="Loading" />
      </PageFrame>
    );
  }
  if (status.data?.server) {
    const defaultVoice = status.data.defaultVoice;
    const player: Player = {
      state: server.state,
      error: server.error,
      voices: SPEECH_VOICES.map((voice) => ({ value: voice.id, label: voice.label })),
      initialVoice: defaultVoice,
      voicePlaceholder: 'Choose a voice',
      speak: (text, { rate, voice }) => void server.speak(text, { rate, voice: SpeechVoiceId.catch(DEFAULT_SPEECH_VOICE).parse(voice ?? defaultVoice) }),
      pause: server.pause,
      resume: server.resume,
      stop: server.stop,
      setRate: server.setRate,
    };
    return (
      <PageFrame title="Text to Speech">
        <Text>Paste or type a text, or load one of your resources, and have it read aloud. Read by Amazon Polly in your organization&apos;s AWS account.</Text>
        <Reader player={player} />
        {/* No controls of its own: the buttons above drive it. */}
        <audio ref={attachAudio} onEnded={audioEnded} data-testid="speech-audio" />
      </PageFrame>
    );
  }
  const player: Player = {
    state: browser.state,
    error: browser.error,
    voices: browser.voices.map((voice) => ({ value: voice.voiceURI, label: `${voice.name} (${voice.lang})` })),
    initialVoice: null,
    voicePlaceholder: browser.voices.length ? 'Browser default' : 'Browser default (no other voices)',
    speak: (text, { rate, voice }) => browser.speak(text, { rate, voiceURI: voice ?? undefined }),
    pause: browser.pause,
    resume: browser.resume,
    stop: browser.stop,
    setRate: () => undefined,
  };
  return (
    <PageFrame title="Text to Speech">
      <Text>Paste or type a text, or load one of your resources, and have it read aloud. Read by this browser; the text stays on this device.</Text>
      {browser.supported ? (
        <Reader player={player} />
      ) : (
        <Alert color="yellow" title="This browser cannot read text aloud">
          It has no speech synthesis. Open Chartside in a current Chrome, Edge, Safari or Firefox to use this tool.
        </Alert>
      )}
    </PageFrame>
  );
}

function Reader({ player }: { player: Player }) {
  const api = useApi();
  const [text, setText] = useState('');
  const [rate, setRate] = useState(1);
  const [voice, setVoice] = useState<string | null>(player.initialVoice);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const speedId = useId();
  // The resources' own key, so the list the library loaded (and keeps offline) is the one offered here.
  const resources = useQuery({ queryKey: ['resources', 'list'], queryFn: ({ signal }) => api.call(resourcesContract.list, { signal }) });

  const loadResource = async (resourceId: string | null) => {
    if (!resourceId) return;
    player.stop();
    setLoading(true);
    setLoadError(undefined);
    try {
      setText(resourceSpeechText(await api.call(resourcesContract.get, { params: { resourceId } })));
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : String(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Stack gap="md">
      <QueryErrorAlert query={resources} what="your resources" />
      <Select
        label="Read a resource"
        placeholder="Choose a resource"
        searchable
        disabled={loading}
        data={(resources.data?.resources ?? []).map((resource) => ({ value: resource.id, label: resource.name || 'Untitled' }))}
        value={null}
        onChange={(id) => void loadResource(id)}
        nothingFoundMessage="No resource by that name"
      />
      {loadError && (
        <Alert color="red" title="Could not load the resource">
          {loadError}
        </Alert>
      )}
      <Textarea label="Text to read" autosize minRows={6} maxRows={16} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Voice"
          placeholder={player.voicePlaceholder}
          clearable={player.initialVoice === null}
          allowDeselect={player.initialVoice === null}
          searchable
          data={player.voices}
          value={voice}
          onChange={setVoice}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={speedId}>
            Speed: {rate}×
          </Text>
          <Slider
            aria-labelledby={speedId}
            min={0}
            max={SPEEDS.length - 1}
            step={1}
            label={(index) => `${SPEEDS[index]}×`}
            value={SPEEDS.indexOf(rate)}
            onChange={(index) => {
              const next = SPEEDS[index] ?? 1;
              setRate(next);
              player.setRate(next);
            }}
          />
        </Stack>
      </SimpleGrid>
      <Group>
        <Button disabled={!text.trim()} loading={player.state === 'preparing'} onClick={() => player.speak(text, { rate, voice })}>
          {player.state === 'idle' || player.state === 'preparing' ? 'Play' : 'Play from the start'}
        </Button>
        {player.state === 'speaking' && (
          <Button variant="default" onClick={player.pause}>
            Pause
          </Button>
        )}
        {player.state === 'paused' && (
          <Button variant="default" onClick={player.resume}>
            Resume
          </Button>
        )}
        <Button variant="default" disabled={player.state === 'idle'} onClick={player.stop}>
          Stop
        </Button>
      </Group>
      <Text size="sm" aria-live="polite">
        {player.state === 'preparing' ? 'Preparing the audio…' : player.state === 'speaking' ? 'Reading aloud…' : player.state === 'paused' ? 'Paused.' : ''}
      </Text>
      {player.error && (
        <Alert color="red" title="Could not read aloud">
          {player.error}
        </Alert>
      )}
    </Stack>
  );
}
