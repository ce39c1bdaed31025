import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkifiedText, linkSegments } from './linkified-text.js';

const links = (text: string) => linkSegments(text).flatMap((s) => (s.href ? [s.href] : []));

describe('linkSegments', () => {
  it('finds http and https addresses and gives the text back whole', () => {
    const text = '新规见 https://example.com/rules?a=1&b=2#x 和 http://a.cn/路径\n第二行';
    expect(links(text)).toEqual(['https://example.com/rules?a=1&b=2#x', 'http://a.cn/路径']);
    expect(
      linkSegments(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('leaves sentence punctuation and Chinese punctuation outside the link', () => {
    expect(links('详见 https://example.com/a，谢谢')).toEqual(['https://example.com/a']);
    expect(links('See https://example.com/a.')).toEqual(['https://example.com/a']);
    expect(links('（见 https://example.com/a）')).toEqual(['https://example.com/a']);
    expect(links('(see https://example.com/a)')).toEqual(['https://example.com/a']);
    expect(links('https://en.wikipedia.org/wiki/Boeing_(company)')).toEqual(['https://en.wikipedia.org/wiki/Boeing_(company)']);
  });

  it('never links anything but http(s) with a host', () => {
    expect(links('javascript:alert(1) data:text/html,x ftp://a.b https:// http://')).toEqual([]);
    expect(links('<a href="javascript:alert(1)">x</a>')).toEqual([]);
  });
});

describe('LinkifiedText', () => {
  it('renders markup in the text as text and links with a new tab and no opener', () => {
    const html = renderToStaticMarkup(
      <LinkifiedText text={'<script>window.__x=1</script> <img src=x onerror="window.__y=1"> https://example.com'} />,
    );
    expect(html).toBe(
      '&lt;script&gt;window.__x=1&lt;/script&gt; &lt;img src=x onerror=&quot;window.__y=1&quot;&gt; ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">https://example.com</a>',
    );
  });
});
