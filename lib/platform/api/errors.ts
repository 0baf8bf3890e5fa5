// 唯一的错误类与错误码表（SPEC §8）。业务代码抛 ApiError，调度器统一映射为信封与 HTTP 状态。

export const ReturnCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  DB_UNAVAILABLE: 503,
  /** 会话已被服务端作废（改密、冻结、在别处退出） */
  SESSION_INVALIDATED: 10005,
} as const;

/** returnCode → HTTP 状态 */
const httpStatusOf: Record<number, number> = {
  [ReturnCode.SESSION_INVALIDATED]: 401,
};

export type FieldErrors = Record<string, string>;

/** 缺少某个操作权限时的提示（调度器的权限检查与各保存端点共用） */
export const FORBIDDEN_MESSAGE = '没有访问权限：缺少该操作的权限，请联系管理员';

export class ApiError extends Error {
  readonly returnCode: number;
  readonly fields?: FieldErrors;
  readonly data?: unknown;

  constructor(returnCode: number, message: string, opts: { fields?: FieldErrors; data?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.returnCode = returnCode;
    this.fields = opts.fields;
    this.data = opts.data;
  }

  get httpStatus(): number {
    return httpStatusOf[this.returnCode] ?? (this.returnCode >= 400 && this.returnCode < 600 ? this.returnCode : 200);
  }

  static badRequest(message: string, fields?: FieldErrors, data?: unknown) {
    return new ApiError(ReturnCode.BAD_REQUEST, message, { fields, data });
  }
  static unauthorized(message = '未登录或登录已过期，请重新登录') {
    return new ApiError(ReturnCode.UNAUTHORIZED, message);
  }
  static forbidden(message = '没有访问权限') {
    return new ApiError(ReturnCode.FORBIDDEN, message);
  }
  static notFound(message = '记录不存在') {
    return new ApiError(ReturnCode.NOT_FOUND, message);
  }
  static conflict(message: string) {
    return new ApiError(ReturnCode.CONFLICT, message);
  }
  static sessionInvalidated(message = '登录状态已失效，请重新登录') {
    return new ApiError(ReturnCode.SESSION_INVALIDATED, message);
  }
}
