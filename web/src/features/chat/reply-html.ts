// A model's reply as the chat shows it: the shared replyHtml (fences and markdown stripped, plain text as paragraphs),
// then sanitized, since a reply is untrusted text. Only text and structure survive: no script, no event attribute, no
// style, no image, form or SVG, nothing that loads remote content. Links keep an http, https or mailto address and
// open in a new tab without access to this one.
import { replyHtml } from '@chartside/shared';
import DOMPurify from 'dompurify';

export const REPLY_TAGS = [
  'p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'hr', 'span', 'a',
];
const REPLY_ATTRIBUTES = ['href', 'colspan', 'rowspan'];
const SAFE_LINK = /^(?:https?:|mailto:)/i;

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** This module's own DOMPurify (its hooks touch no other user of the library), made on first use. */
const replyPurifier = () => {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  // DOMPurify's own URI check already refuses script and data links; a link here must also be http, https or mailto.
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'href' && (node.nodeName !== 'A' || !SAFE_LINK.test(data.attrValue.trim()))) data.keepAttr = false;
    if ((data.attrName === 'colspan' || data.attrName === 'rowspan') && node.nodeName !== 'TD' && node.nodeName !== 'TH') data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
};

/** Sanitized HTML of any text (already HTML or not). */
export const sanitizeReplyMarkup = (html: string): string =>
  replyPurifier().sanitize(html, {
    ALLOWED_TAGS: REPLY_TAGS,
    ALLOWED_ATTR: REPLY_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
    RETURN_TRUSTED_TYPE: false,
  });

/** The safe HTML of a reply's raw text. */
export const replyDisplayHtml = (raw: string): string => sanitizeReplyMarkup(replyHtml(raw));

const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'UL', 'OL', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'HR']);

const textOf = (node: Node, out: string[]): void => {
  if (node.nodeType === Node.TEXT_NODE) {
    out.push(node.textContent ?? '');
    return;
  }
  if (!(node instanceof Element)) return;
  const tag = node.tagName;
  if (tag === 'BR') return void out.push('\n');
  if (tag === 'TR') {
    out.push([...node.children].map((cell) => (cell.textContent ?? '').trim()).join('\t'), '\n');
    return;
  }
  if (tag === 'LI') out.push(node.parentElement?.tagName === 'OL' ? `${[...node.parentElement.children].indexOf(node) + 1}. ` : '- ');
  for (const child of node.childNodes) textOf(child, out);
  if (tag === 'LI') out.push('\n');
  if (BLOCKS.has(tag)) out.push('\n\n');
};

/**
 * The reply as plain text (copying, sharing, exporting into a note): paragraphs and headings on lines of their own,
 * list items as '- ' or '1. ', table rows as tab-separated cells. Read from the sanitized HTML, in a detached document.
 */
export const replyPlainText = (raw: string): string => {
  const doc = new DOMParser().parseFromString(`<body>${replyDisplayHtml(raw)}</body>`, 'text/html');
  const out: string[] = [];
  for (const child of doc.body.childNodes) textOf(child, out);
  return out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};
