import type { Locale } from '../../contracts/locale';

/** The form flow's own words (SPEC §5 gives the zh ones). */
export const FORM_MESSAGES: Record<Locale, { incomplete: string; badEmail: string; submitted: string; invalid: string; network: string }> = {
  zh: {
    incomplete: '应聘信息请填写完整！',
    badEmail: '邮箱格式不正确！',
    submitted: '提交成功！',
    invalid: '请检查标记的内容后再提交',
    network: '网络异常，提交未成功，请稍后重试',
  },
  en: {
    incomplete: 'Please fill in all the application fields!',
    badEmail: 'The email format is incorrect!',
    submitted: 'Submitted successfully!',
    invalid: 'Please check the marked fields and submit again',
    network: 'Network error: nothing was sent, please try again',
  },
};
