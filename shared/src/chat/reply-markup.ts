// A model's reply as the chat shows it (spec section 5): the prompt asks for clean HTML with tables; code fences and
// markdown a model adds anyway are stripped. A reply with no HTML at all becomes paragraphs. The result is still
// untrusted: the browser sanitizes it before showing it.

/** The system prompt's instructions on the shape of a chat reply. */
export const CHAT_REPLY_FORMAT =
  'Format every answer as clean HTML fragments: <p>, <ul>, <ol>, <li>, <strong>, <em>, <h3>, and <table> with <thead>, <tbody>, <tr>, <th>, <td> for anything tabular. No markdown, no code fences, no <html>, <head>, <body>, <style> or <script>.';

const FENCE_LINE = /^[ \t]*```[\w-]*[ \t]*$/gm;
const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+/gm;
const EMPHASIS = /(\*\*|__)(\S(?:[\s\S]*?\S)?)\1/g;
const ITALIC = /(^|[\s(])[*_](\S(?:[^*_\n]*\S)?)[*_](?=[\s).,;:!?]|$)/gm;
const INLINE_CODE = /`([^`\n]+)`/g;
const HAS_TAG = /<\/?[a-z][\w-]*(\s[^<>]*)?>/i;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const stripReplyMarkdown = (raw: string): string =>
  raw.replace(FENCE_LINE, '').replace(HEADING, '').replace(EMPHASIS, '$2').replace(ITALIC, '$1$2').replace(INLINE_CODE, '$1').trim();

/** The reply's HTML, fences and markdown stripped; plain text becomes escaped paragraphs. */
export const replyHtml = (raw: string): string => {
  const stripped = stripReplyMarkdown(raw);
  if (HAS_TAG.test(stripped)) return stripped;
  return stripped
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
};
