import { EMAIL_PATTERN, cleanApplication, cleanPatient, stripControls, validateApplication, validatePatient, EMPTY_PATIENT } from './forms';

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

describe('names and phones (client and provider share the rule)', () => {
  const unsafe = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\u061c', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069'];

  it.each(unsafe.map((c) => [`U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`, c]))('takes %s out of names and phones', (_name, c) => {
    expect(stripControls(`${c}李${c}明${c}`)).toBe('李明');
    expect(cleanApplication({ name: ` 李${c}明 `, phone: `138${c}0000 0000`, email: ' a@b.cn ' })).toEqual({
      name: '李明',
      phone: '1380000 0000',
      email: 'a@b.cn',
    });
    expect(cleanPatient({ ...EMPTY_PATIENT, name: `${c}王芳`, phone: `${c}13800000000`, description: ' 第一行\n第二行 ' })).toMatchObject({
      name: '王芳',
      phone: '13800000000',
      description: '第一行\n第二行',
    });
  });

  it('judges the application as it will be stored: a name of control characters only is missing', () => {
    expect(validateApplication({ name: ' \u202e\u001b\u200f ', phone: '\u2066\u2069', email: 'a@b.cn' })).toEqual({ name: 'required', phone: 'required' });
    expect(validatePatient({ ...EMPTY_PATIENT, category: 'other', medication: 'x', phone: '\u0000' }).phone).toBe('required');
  });

  it('judges every field as it will be stored: an adverse report described by control characters alone is not described', () => {
    const report = { ...EMPTY_PATIENT, category: 'adverse', medication: '\u0000\u0007', phone: '13800000000', description: '\u0000 \u001f' };
    expect(validatePatient(report)).toEqual({ medication: 'required', description: 'required' });
    expect(validateApplication({ name: '\ud800', phone: '13800000000', email: 'a@b.cn\u0000' })).toEqual({ name: 'required' });
    expect(cleanPatient({ ...report, description: '发红\u0000' }).description).toBe('发红');
  });

  it.each(['13800000000', '+86 138 0000 0000', '(010) 1234-5678', '+44 20 7946 0958'])('accepts the phone %s on an application', (phone) => {
    expect(validateApplication({ name: '张三', phone, email: 'a@b.cn' })).toEqual({});
  });

  it.each(['call me', '1', '1234', '138-0000-0000 ext. 5', '1'.repeat(31), '13800000000\u001b[8m'])(
    'refuses the phone %j on an application as the patient form does',
    (phone) => {
      expect(validateApplication({ name: '张三', phone, email: 'a@b.cn' })).toEqual({ phone: phone.length > 30 ? 'tooLong' : 'invalidPhone' });
      expect(validatePatient({ ...EMPTY_PATIENT, category: 'other', medication: 'x', phone }).phone).toBe(phone.length > 30 ? 'tooLong' : 'invalidPhone');
    },
  );
});
