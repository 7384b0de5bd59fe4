// Feedback to the Chartside team: any signed-in user sends a message, with a screenshot if they like; members of the
// admin group read them all, newest first.
import * as z from 'zod';

export const MAX_FEEDBACK_CHARS = 5_000;
/**
 * A screenshot travels and is stored as a data URL inside the feedback record, so it must keep the record under
 * DynamoDB's 400 KB item limit: the browser scales it down to fit (about 280 KB of image).
 */
export const MAX_SCREENSHOT_DATA_URL_CHARS = 380_000;
/** The feedback the admin list shows at once. */
export const FEEDBACK_LIST_LIMIT = 200;

const ScreenshotDataUrl = z
  .string()
  .max(MAX_SCREENSHOT_DATA_URL_CHARS, 'The screenshot is too large: choose a smaller image.')
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, 'The screenshot must be a PNG, JPEG or WebP image.');

export const SendFeedbackBody = z.strictObject({
  message: z.string().trim().min(1, 'Write your feedback.').max(MAX_FEEDBACK_CHARS),
  screenshot: ScreenshotDataUrl.optional(),
  /** The page the user came from, to see what the feedback is about. */
  page: z.string().max(500).optional(),
});
export type SendFeedbackBody = z.infer<typeof SendFeedbackBody>;

export const Feedback = z.object({
  id: z.string(),
  /** The sender's email, as the administrator will want to answer them. */
  email: z.string(),
  message: z.string(),
  screenshot: z.string().optional(),
  page: z.string().optional(),
  createdAt: z.iso.datetime(),
});
export type Feedback = z.infer<typeof Feedback>;

export const FeedbackSent = Feedback.pick({ id: true, createdAt: true });
export const FeedbackList = z.object({ feedback: z.array(Feedback) });

export const feedbackContract = {
  send: { method: 'post', path: '/feedback', summary: 'Send feedback to the Chartside team', body: SendFeedbackBody, response: FeedbackSent },
  list: { method: 'get', path: '/admin/feedback', summary: 'Every user’s feedback, newest first (administrators only)', response: FeedbackList },
} as const;
