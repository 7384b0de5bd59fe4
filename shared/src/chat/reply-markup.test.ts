import { describe, expect, it } from 'vitest';
import { replyHtml, stripReplyMarkdown } from './reply-markup';

describe('replyHtml', () => {
  it('keeps the HTML a model was asked for', () => {
    expect(replyHtml('<p>Start <strong>metoprolol</strong>.</p><table><tr><td>K</td><td>4.1</td></tr></table>')).toBe(
      '<p>Start <strong>metoprolol</strong>.</p><table><tr><td>K</td><td>4.1</td></tr></table>',
    );
  });

  it('takes HTML out of a code fence', () => {
    expect(replyHtml('```html\n<ul><li>One</li></ul>\n```')).toBe('<ul><li>One</li></ul>');
  });

  it('strips markdown emphasis, headings and inline code', () => {
    expect(stripReplyMarkdown('## Plan\n**Furosemide** 40 mg and *daily* weights, check `K+`')).toBe('Plan\nFurosemide 40 mg and daily weights, check K+');
  });

  it('leaves arithmetic and list stars alone', () => {
    expect(stripReplyMarkdown('2 * 3 = 6\n* first')).toBe('2 * 3 = 6\n* first');
  });

  it('turns plain text into escaped paragraphs with line breaks', () => {
    expect(replyHtml('Na 134 < 135\nK 4.1\n\nRecheck in the morning.')).toBe('<p>Na 134 &lt; 135<br>K 4.1</p><p>Recheck in the morning.</p>');
  });

  it('is empty for an empty reply', () => {
    expect(replyHtml('')).toBe('');
  });
});
