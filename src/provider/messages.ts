/** The provider's readable messages, in the request's language. */
import type { Locale } from '../contracts/locale';
import type { FieldError } from '../contracts/forms';

export const MESSAGES = {
  zh: {
    ok: 'success',
    badLanguage: '不支持的语言，仅支持 zh 或 en',
    notFound: '内容不存在',
    unknownPath: '接口不存在',
    badMethod: '请求方法不被允许',
    applicationIncomplete: '应聘信息请填写完整！',
    badEmail: '邮箱格式不正确！',
    unknownJob: '该职位不存在或已下线',
    submitted: '提交成功！',
    patientInvalid: '留言信息有误：',
    tooMany: '提交过于频繁，请稍后再试',
    uploadRefused: '不接受文件上传',
    serverError: '服务器繁忙，请稍后再试',
    loggedOut: '退出登录',
    badRequest: '请求格式不正确',
    tooLarge: '提交内容过长，请缩短后再试',
    consentMissing: '请阅读并同意《个人信息保护政策》后再提交',
    healthConsentMissing: '请同意我们处理您的健康信息后再提交',
    consentVersionOutdated: '《个人信息保护政策》已更新，请重新加载页面，阅读并同意新版本后再提交',
    patientReceived: '提交成功！您的留言编号为 {reference}',
  },
  en: {
    ok: 'success',
    badLanguage: 'Unsupported language: use zh or en',
    notFound: 'This content does not exist',
    unknownPath: 'Unknown API path',
    badMethod: 'Method not allowed',
    applicationIncomplete: 'Please fill in all the application fields!',
    badEmail: 'The email format is incorrect!',
    unknownJob: 'This position does not exist or is closed',
    submitted: 'Submitted successfully!',
    patientInvalid: 'Please check your message: ',
    tooMany: 'Too many submissions, please try again in a minute',
    uploadRefused: 'Uploads are not accepted',
    serverError: 'The server is busy, please try again later',
    loggedOut: 'Logged out',
    badRequest: 'The request is malformed',
    tooLarge: 'The submission is too long; please shorten it and try again',
    consentMissing: 'Please read and agree to the Privacy Notice before submitting',
    healthConsentMissing: 'Please agree to the processing of your health information before submitting',
    consentVersionOutdated: 'The Privacy Notice has been updated: please reload the page, read and agree to the new version, then submit again',
    patientReceived: 'Submitted successfully! Your case reference is {reference}',
  },
} satisfies Record<Locale, Record<string, string>>;

export function patientReceived(locale: Locale, reference: string): string {
  return MESSAGES[locale].patientReceived.replace('{reference}', reference);
}

const FIELD_LABELS: Record<Locale, Record<string, string>> = {
  zh: { category: '服务类别', medication: '药品通用名', reason: '用药原因', name: '姓名', phone: '联系电话', email: '电子邮箱', description: '事件描述' },
  en: {
    category: 'service category',
    medication: 'medication name',
    reason: 'reason for use',
    name: 'full name',
    phone: 'contact number',
    email: 'e-mail',
    description: 'event description',
  },
};

const ERROR_WORDS: Record<Locale, Record<FieldError, string>> = {
  zh: { required: '必填', tooLong: '过长', invalidEmail: '格式不正确', invalidChoice: '选项无效', invalidPhone: '格式不正确' },
  en: {
    required: 'is required',
    tooLong: 'is too long',
    invalidEmail: 'is not a valid address',
    invalidChoice: 'is not a valid choice',
    invalidPhone: 'is not a valid number',
  },
};

/** "Please check your message: contact number is required; e-mail is not a valid address". */
export function describeFieldErrors(locale: Locale, errors: Partial<Record<string, FieldError>>): string {
  const parts = Object.entries(errors).map(([field, error]) => {
    const label = FIELD_LABELS[locale][field] ?? field;
    return locale === 'zh' ? `${label}${ERROR_WORDS.zh[error as FieldError]}` : `${label} ${ERROR_WORDS.en[error as FieldError]}`;
  });
  return MESSAGES[locale].patientInvalid + parts.join(locale === 'zh' ? '；' : '; ');
}
