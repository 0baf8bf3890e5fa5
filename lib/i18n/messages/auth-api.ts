// 接口客户端的提示文字（中文）：单独一个小模块，浏览器端的接口客户端在语言上下文之外（或挂载之前）用它作后备，
// 不必带上整个登录模块的目录。英文在 auth.ts。
export const API_TEXTS_ZH: Record<string, string> = {
  'auth.api.tip': '提示',
  'auth.api.requestError': '请求错误',
  'auth.api.forbidden': '禁止访问',
  'auth.api.unauthorized': '认证失败，请重新登录',
  'auth.api.unauthorizedTitle': '未授权',
  'auth.api.serverError': '服务器异常',
  'auth.api.networkError': '请求异常',
  'auth.api.responseError': '响应异常',
  'auth.api.downloadError': '下载出错',
  'auth.api.systemError': '系统错误',
  'auth.api.tokenInvalidV2': '登录令牌无效(v2)',
  'auth.api.sessionEnded': '登录状态已失效，请重新登录',
};
