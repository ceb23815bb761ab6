import { escapeJsonForScript } from './jsonScript';

describe('escapeJsonForScript', () => {
  const hostile = { html: '</script><script>alert(1)</script><!-- & -->', lines: 'a\u2028b\u2029c', zh: '中文' };

  it('leaves no character that can end the data block or break a parser', () => {
    const text = escapeJsonForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
  });

  it('reads back to the same value', () => {
    expect(JSON.parse(escapeJsonForScript(hostile))).toEqual(hostile);
  });
});
