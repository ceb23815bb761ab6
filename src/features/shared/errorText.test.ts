import { dictionary } from '../../i18n';
import { errorText } from './errorText';

describe('errorText', () => {
  it("translates a network failure instead of showing the client library's English", () => {
    expect(errorText({ kind: 'network', code: null, msg: 'timeout' }, dictionary('zh'))).toBe('网络连接异常，请检查网络后重试');
    expect(errorText({ kind: 'network', code: null, msg: 'timeout' }, dictionary('en'))).not.toContain('timeout');
  });

  it("shows the provider's msg for an envelope error, or the generic sentence when it is empty", () => {
    expect(errorText({ kind: 'envelope', code: 1, msg: '参数错误' }, dictionary('zh'))).toBe('参数错误');
    expect(errorText({ kind: 'envelope', code: 1, msg: '' }, dictionary('zh'))).toBe('服务暂时不可用，请稍后再试');
    expect(errorText(null, dictionary('zh'))).toBeUndefined();
  });

  it("words a 402 in the page's language, never the provider's msg", () => {
    expect(errorText({ kind: 'envelope', code: 402, msg: 'no token' }, dictionary('zh'))).toBe('缺token');
    expect(errorText({ kind: 'envelope', code: 402, msg: '缺token' }, dictionary('en'))).toBe('Token missing');
  });
});
