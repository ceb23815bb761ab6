import { EMAIL_PATTERN, validateApplication, validatePatient, EMPTY_PATIENT } from './forms';

const REAL_ADDRESSES = [
  'first.last@example.com',
  'zhang.san@pku.edu.cn',
  'lisi@sina.com.cn',
  'wang_wu@vip.163.com',
  'mail+jobs@mail.tsinghua.edu.cn',
  'a-b.c-d@sub-domain.example.technology',
  'x1@qq.com',
];
const GARBAGE = [
  'not-an-email',
  '_x@example.com',
  '.lead@example.com',
  'trail.@example.com',
  'double..dot@example.com',
  'a@example',
  'a@.example.com',
  'a@example..com',
  'a@-example.com',
  'a@example-.com',
  'a@example.c',
  'a@example.123',
  'a b@example.com',
  'a@exa mple.com',
  'a@@example.com',
  '@example.com',
];

describe('the e-mail rule (client and provider share it)', () => {
  it.each(REAL_ADDRESSES)('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
    expect(validateApplication({ name: '张三', phone: '13800000000', email })).toEqual({});
    expect(validatePatient({ ...EMPTY_PATIENT, category: 'other', medication: 'x', phone: '13800000000', email }).email).toBeUndefined();
  });

  it.each(GARBAGE)('refuses %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
    expect(validateApplication({ name: '张三', phone: '13800000000', email }).email).toBe('invalidEmail');
  });
});
