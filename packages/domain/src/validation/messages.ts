/**
 * Messages of the shared field rules (spec core section 5, business section 5).
 * The texts are the product's own, to the character, including the mix of ASCII and full-width punctuation.
 */

export const PHONE_MESSAGE = '手机号码不符合规范';
export const PASSWORD_MESSAGE = '密码6-20位,且包含大小写、数字和特殊字符';
export const NATIONAL_ID_MESSAGE = '身份证号码不符合规范';
export const EMAIL_MESSAGE = '邮箱格式不符合规范';
export const ALPHANUMERIC_MESSAGE = '只能填写英文或者数字';
export const AMOUNT_2_MESSAGE = '请输入15位以内数字，最多包含两位小数';
export const AMOUNT_3_MESSAGE = '请输入15位以内数字，最多包含三位小数';
export const AMOUNT_5_MESSAGE = '请输入5位数字，最多包含两位小数';
export const NAME_TEXT_MESSAGE = '请输入30个以内的中英文或者数字';
export const CREDIT_CODE_MESSAGE = '不是有效的统一社会信用编码';
export const MONEY_MESSAGE = '请最多输入八位整数和两位小数的金额';
export const TEXT_32_MESSAGE = '最多输入32个字符';
export const RED_LINE_REQUIRED_MESSAGE = '请输入毛利率红线';
export const RED_LINE_FORMAT_MESSAGE = '请输入最多两位小数的正数';
export const RED_LINE_MAX_MESSAGE = '毛利率红线不能超过1000';
export const RED_LINE_MIN_MESSAGE = '毛利率红线不能小于0';
