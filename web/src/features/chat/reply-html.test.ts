import { describe, expect, it } from 'vitest';
import { replyDisplayHtml, replyPlainText } from './reply-html';

const parse = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
};

describe('replyDisplayHtml', () => {
  it('keeps text and structure: paragraphs, lists, tables with spans', () => {
    const html = replyDisplayHtml('<h3>Plan</h3><ul><li><strong>Fluids</strong></li></ul><table><tbody><tr><td colspan="2">Lactate</td></tr></tbody></table>');
    const host = parse(html);
    expect(host.querySelector('h3')?.textContent).toBe('Plan');
    expect(host.querySelector('li strong')?.textContent).toBe('Fluids');
    expect(host.querySelector('td')?.getAttribute('colspan')).toBe('2');
  });

  it('removes scripts, images, event attributes, styles, forms and SVG', () => {
    const html = replyDisplayHtml(
      '<p style="color:red" onclick="alert(1)">Hi</p><script>alert(1)</script><img src=x onerror="alert(2)"><svg onload="alert(3)"><circle/></svg><form action="https://evil.example"><input name="q"></form><iframe src="https://evil.example"></iframe>',
    );
    const host = parse(html);
    expect(host.querySelector('script, img, svg, form, input, iframe, style')).toBeNull();
    expect(host.querySelector('p')?.getAttribute('style')).toBeNull();
    expect(host.querySelector('p')?.getAttribute('onclick')).toBeNull();
    expect(html).not.toMatch(/alert|onerror|onload/);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['/relative/path'],
  ])('drops a link to %s', (href) => {
    const link = parse(replyDisplayHtml(`<p><a href="${href}">click</a></p>`)).querySelector('a');
    expect(link?.textContent).toBe('click');
    expect(link?.hasAttribute('href')).toBe(false);
  });

  it.each([['https://www.nejm.org/doi/full/10.1056/NEJMoa010307'], ['http://example.org'], ['mailto:team@example.org']])('opens %s in a new tab without access to this one', (href) => {
    const link = parse(replyDisplayHtml(`<p><a href="${href}" target="_self" onclick="x()">source</a></p>`)).querySelector('a');
    expect(link?.getAttribute('href')).toBe(href);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.hasAttribute('onclick')).toBe(false);
  });

  it('keeps href on links only', () => {
    const host = parse(replyDisplayHtml('<p><span href="https://example.org">x</span></p>'));
    expect(host.querySelector('span')?.hasAttribute('href')).toBe(false);
  });

  it('shows a plain-text reply as escaped paragraphs', () => {
    const host = parse(replyDisplayHtml('Give 30 mL/kg if MAP < 65\n\nReassess'));
    expect([...host.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Give 30 mL/kg if MAP < 65', 'Reassess']);
  });
});

describe('replyPlainText', () => {
  it('reads paragraphs, list items and table rows as lines', () => {
    const text = replyPlainText('<p>Start:</p><ul><li>Fluids</li><li>Antibiotics</li></ul><ol><li>Cultures</li></ol><table><tr><th>Test</th><th>Value</th></tr><tr><td>Lactate</td><td>4.1</td></tr></table>');
    expect(text).toBe('Start:\n\n- Fluids\n- Antibiotics\n\n1. Cultures\n\nTest\tValue\nLactate\t4.1');
  });
});
