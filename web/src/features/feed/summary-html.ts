// A feed item's summary as the page shows it. The server already sanitized it when it was fetched; it is sanitized again
// here because it came from a stranger's website: only text, structure and http(s) links that open in a new tab.
import DOMPurify from 'dompurify';

const TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'sub', 'sup', 'a'];
const SAFE_LINK = /^https?:/i;

let purifier: ReturnType<typeof DOMPurify> | undefined;

const summaryPurifier = () => {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'href' && !SAFE_LINK.test(data.attrValue.trim())) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = instance;
  return instance;
};

export const summaryHtml = (html: string): string => summaryPurifier().sanitize(html, { ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ['href'] });
