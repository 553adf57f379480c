/** Body codes of the API envelope (DESIGN.md "Contracts"). */
export const BodyCode = {
  ok: 200,
  badInput: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  fault: 406,
  confirm: 409,
  terminalOffline: 511,
} as const;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: BodyCode.ok, msg: 'success', data };
}

/** An expected failure: answered as `{ code, msg }`, with HTTP 200 unless said otherwise. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string) => new AppError(BodyCode.badInput, message);
export const notFound = (message = '数据不存在或无权访问') => new AppError(BodyCode.notFound, message);
export const unauthorized = (message = '登录失效，请重新登录') =>
  new AppError(BodyCode.unauthorized, message);
export const forbidden = () => new AppError(BodyCode.forbidden, '无权限访问', 403);
/** Needs the user's confirmation: each line is shown in red by the client. */
export const needsConfirm = (lines: string[]) => new AppError(BodyCode.confirm, lines.join('\n'));

export const SYSTEM_FAULT_MESSAGE = '系统异常，请稍后再试';
