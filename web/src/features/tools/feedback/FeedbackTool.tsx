// /tools/feedback: tell the Chartside team what works and what does not, with a screenshot if it helps (scaled down in
// the browser to fit the stored record). Members of the admin group also see everyone's feedback below; for anyone
// else the list answers 403 and the section stays hidden.
import { feedbackContract, MAX_FEEDBACK_CHARS, MAX_SCREENSHOT_DATA_URL_CHARS } from '@chartside/shared';
import { Alert, Anchor, Button, FileButton, Group, Image, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { useApi } from '../../../platform/platform-context';

/** Screenshots are scaled to fit this many pixels on their longer side: readable, and small enough to store. */
const SCREENSHOT_MAX_SIDE = 1280;

/** The image as a JPEG data URL no wider or taller than SCREENSHOT_MAX_SIDE. */
const screenshotDataUrl = async (file: File): Promise<string> => {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, SCREENSHOT_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.8);
};

const feedbackKeys = { list: ['feedback', 'list'] as const };

export function FeedbackTool() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<{ name: string; dataUrl: string }>();
  const [screenshotError, setScreenshotError] = useState<string>();
  const send = useMutation({
    mutationFn: () => api.call(feedbackContract.send, { body: { message, screenshot: screenshot?.dataUrl, page: document.referrer ? new URL(document.referrer).pathname : undefined } }),
    onSuccess: () => {
      setMessage('');
      setScreenshot(undefined);
      return queryClient.invalidateQueries({ queryKey: feedbackKeys.list });
    },
  });

  const chooseScreenshot = async (file: File | null) => {
    if (!file) return;
    setScreenshotError(undefined);
    let dataUrl: string;
    try {
      dataUrl = await screenshotDataUrl(file);
    } catch {
      return setScreenshotError(`${file.name} could not be read as an image.`);
    }
    if (dataUrl.length > MAX_SCREENSHOT_DATA_URL_CHARS) return setScreenshotError('The image is too large even scaled down: crop it and try again.');
    setScreenshot({ name: file.name, dataUrl });
  };

  return (
    <PageFrame title="Feedback">
      <Text>Tell the Chartside team what works, what does not, and what you miss. Add a screenshot if it shows the problem. Do not include patient details.</Text>
      <Paper
        withBorder
        p="md"
        component="form"
        aria-label="Send feedback"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <Stack gap="sm">
          <Textarea label="Your feedback" autosize minRows={4} maxLength={MAX_FEEDBACK_CHARS} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
          <Group>
            <FileButton onChange={(file) => void chooseScreenshot(file)} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button variant="default" {...props}>
                  {screenshot ? 'Choose another screenshot' : 'Add a screenshot'}
                </Button>
              )}
            </FileButton>
            {screenshot && (
              <>
                <Text size="sm">{screenshot.name}</Text>
                <Button variant="subtle" size="xs" onClick={() => setScreenshot(undefined)}>
                  Remove screenshot
                </Button>
              </>
            )}
          </Group>
          {screenshot && <Image src={screenshot.dataUrl} alt="The screenshot to send" mah={200} w="auto" fit="contain" />}
          {screenshotError && <Alert color="red">{screenshotError}</Alert>}
          {send.isError && (
            <Alert color="red" title="Your feedback was not sent">
              {send.error.message}
            </Alert>
          )}
          {send.isSuccess && (
            <Alert color="green" title="Thank you">
              Your feedback was sent to the Chartside team.
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={send.isPending} disabled={!message.trim()}>
              Send feedback
            </Button>
          </Group>
        </Stack>
      </Paper>
      <FeedbackList />
    </PageFrame>
  );
}

function FeedbackList() {
  const api = useApi();
  // 403 is the answer for everyone outside the admin group: no retries, and nothing shown.
  const list = useQuery({ queryKey: feedbackKeys.list, queryFn: ({ signal }) => api.call(feedbackContract.list, { signal }), retry: false });
  if (!list.data) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Everyone&apos;s feedback
      </Title>
      {list.data.feedback.length === 0 && <Text c="dimmed">No feedback yet.</Text>}
      <Stack gap="xs" component="ul" aria-label="Everyone's feedback" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data.feedback.map((item) => (
          <Paper key={item.id} component="li" withBorder p="sm">
            <Text size="sm" c="dimmed">
              <Anchor href={`mailto:${item.email}`}>{item.email}</Anchor> · {new Date(item.createdAt).toLocaleString()}
              {item.page && ` · from ${item.page}`}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{item.message}</Text>
            {item.screenshot && <Image src={item.screenshot} alt={`Screenshot sent by ${item.email}`} mah={240} w="auto" fit="contain" mt="xs" />}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
