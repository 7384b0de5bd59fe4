// /tools/texttospeech: a text, typed or pasted or taken from one of the user's resources, read aloud by the browser's
// own speech synthesis (nothing leaves the device), with play, pause and resume, stop, speed and voice.
import { resourcesContract } from '@chartside/shared';
import { Alert, Button, Group, Select, SimpleGrid, Slider, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useApi } from '../../../platform/platform-context';
import { resourceSpeechText } from './speech-text';
import { useSpeech } from './use-speech';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

export function TextToSpeechTool() {
  const speech = useSpeech();
  return (
    <PageFrame title="Text to Speech">
      <Text>Paste or type a text, or load one of your resources, and the browser reads it aloud. The text stays on this device.</Text>
      {speech.supported ? (
        <Reader speech={speech} />
      ) : (
        <Alert color="yellow" title="This browser cannot read text aloud">
          It has no speech synthesis. Open Chartside in a current Chrome, Edge, Safari or Firefox to use this tool.
        </Alert>
      )}
    </PageFrame>
  );
}

function Reader({ speech }: { speech: ReturnType<typeof useSpeech> }) {
  const api = useApi();
  const [text, setText] = useState('');
  const [rate, setRate] = useState(1);
  const [voiceURI, setVoiceURI] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const speedId = useId();
  // The resources' own key, so the list the library loaded (and keeps offline) is the one offered here.
  const resources = useQuery({ queryKey: ['resources', 'list'], queryFn: ({ signal }) => api.call(resourcesContract.list, { signal }) });

  const loadResource = async (resourceId: string | null) => {
    if (!resourceId) return;
    speech.stop();
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
          placeholder={speech.voices.length ? 'Browser default' : 'Browser default (no other voices)'}
          clearable
          searchable
          data={speech.voices.map((voice) => ({ value: voice.voiceURI, label: `${voice.name} (${voice.lang})` }))}
          value={voiceURI}
          onChange={setVoiceURI}
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
            onChange={(index) => setRate(SPEEDS[index] ?? 1)}
          />
        </Stack>
      </SimpleGrid>
      <Group>
        <Button disabled={!text.trim()} onClick={() => speech.speak(text, { rate, voiceURI: voiceURI ?? undefined })}>
          {speech.state === 'idle' ? 'Play' : 'Play from the start'}
        </Button>
        {speech.state === 'speaking' && (
          <Button variant="default" onClick={speech.pause}>
            Pause
          </Button>
        )}
        {speech.state === 'paused' && (
          <Button variant="default" onClick={speech.resume}>
            Resume
          </Button>
        )}
        <Button variant="default" disabled={speech.state === 'idle'} onClick={speech.stop}>
          Stop
        </Button>
      </Group>
      <Text size="sm" aria-live="polite">
        {speech.state === 'speaking' ? 'Reading aloud…' : speech.state === 'paused' ? 'Paused.' : ''}
      </Text>
      {speech.error && (
        <Alert color="red" title="Could not read aloud">
          {speech.error}
        </Alert>
      )}
    </Stack>
  );
}
