// 身份域的端点：退出、短信、资料与密码、待审核的注册、用户列表（SPEC §7 Auth and user）；登录与注册、审核在 account/sign-in-api.ts。
// 规则都在 service.ts；这里只做转接、Cookie 与请求元信息。
import { endpoint, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import {
  CheckAccountInput,
  PendingRegistersInput,
  RealNameDescInput,
  RecoverPasswordInput,
  ResetPasswordInput,
  SendUpdateMobileInput,
  SendVerCodeInput,
  UpdateMobileInput,
  UpdateUserInput,
  UserListInput,
  UserUpdateInput,
} from './schemas';
import {
  checkAccount,
  changePassword,
  getRealNameDesc,
  listUsers,
  logout,
  pendingRegisters,
  recoverPassword,
  responsibleAdmins,
  sendUpdateMobileCode,
  sendVerCode,
  setRealNameDesc,
  updateMobile,
  updateOwnProfile,
  updateUserByAdmin,
  userDepartment,
  type ClientMeta,
} from './service';
import { clearLoginCookies, tokenFromRequest } from './session';

const meta = (ctx: Ctx): ClientMeta => ({ ip: ctx.ip, userAgent: ctx.request.headers.get('user-agent') });

export const userApi = {
  'GET /user/logout': endpoint({
    summary: '退出登录：吊销本次令牌、清除 Cookie；未登录时同样成功',
    permission: 'public',
    changes: true,
    handle: async (_input, ctx) => {
      await logout(ctx.db, tokenFromRequest(ctx.request), meta(ctx));
      clearLoginCookies(ctx.responseHeaders, ctx.request);
      return null;
    },
  }),
  'GET /user/checkAccount': endpoint({
    summary: '账号是否已存在（注册时检查）；每个 IP 每分钟 20 次、每小时 200 次，超过 429',
    permission: 'public',
    input: CheckAccountInput,
    handle: ({ account }, ctx) => checkAccount(ctx.db, account, ctx.ip),
  }),
  'GET /user/sendVerCode': endpoint({
    summary: '发送短信验证码：purpose 为 login、register 或 resetPassword；60 秒一条，每天 10 条，5 分钟有效',
    permission: 'public',
    changes: true,
    input: SendVerCodeInput,
    handle: ({ mobile, purpose }, ctx) => sendVerCode(ctx.db, mobile, purpose, ctx.ip),
  }),
  'POST /user/recoverPassword': endpoint({
    summary: '忘记密码：账号、绑定手机与验证码（purpose=resetPassword）核对后设置新密码，原有会话全部失效',
    permission: 'public',
    input: RecoverPasswordInput,
    handle: (input, ctx) => recoverPassword(ctx.db, input, meta(ctx)),
  }),
  'POST /user/sendUpdateMobileSmsCode': endpoint({
    summary: '更换手机号：向新手机号发送验证码（不能是当前号码，也不能是其他账号在用的号码）',
    permission: 'login',
    input: SendUpdateMobileInput,
    handle: ({ mobile }, ctx) => sendUpdateMobileCode(ctx.db, ctx.user(), mobile, ctx.ip),
  }),
  'POST /user/updateMobile': endpoint({
    summary: '更换手机号：核对新手机号的验证码后保存',
    permission: 'login',
    input: UpdateMobileInput,
    handle: ({ mobile, smsCode }, ctx) => updateMobile(ctx.db, ctx.user(), mobile, smsCode),
  }),
  'POST /user/updateUser': endpoint({
    summary: '修改本人资料（用户名、真实姓名、邮箱、头像）',
    permission: 'login',
    input: UpdateUserInput,
    handle: (input, ctx) => updateOwnProfile(ctx.db, ctx.user(), input),
  }),
  'POST /sys/user/reset/password': endpoint({
    summary: '修改本人密码：成功后全部会话失效、清除 Cookie，需重新登录',
    permission: 'login',
    input: ResetPasswordInput,
    handle: async (input, ctx) => {
      const result = await changePassword(ctx.db, ctx.user(), input, meta(ctx));
      clearLoginCookies(ctx.responseHeaders, ctx.request);
      return result;
    },
  }),
  'POST /user/pendingRegisters': endpoint({
    summary: '管辖范围内待审核的注册申请',
    permission: 'account.edit',
    input: PendingRegistersInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => pendingRegisters(ctx.db, ctx.user(), filter, page),
  }),
  'POST /user/byRencaiAdmin': endpoint({
    summary: '负责本人的管理员（本市市级管理员与省级管理员）的联系方式',
    permission: 'login',
    handle: (_input, ctx) => responsibleAdmins(ctx.db, ctx.user()),
  }),
  'POST /bapi/user/changeUserRealNameDesc': endpoint({
    summary: '修改本人的实名认证说明',
    permission: 'login',
    input: RealNameDescInput,
    handle: ({ realNameDesc }, ctx) => setRealNameDesc(ctx.db, ctx.user(), realNameDesc),
  }),
  'POST /bapi/user/getUserRealNameDesc': endpoint({
    summary: '本人的实名认证说明',
    permission: 'login',
    handle: (_input, ctx) => getRealNameDesc(ctx.db, ctx.user()),
  }),
  'POST /bapi/user/list': endpoint({
    summary: '管辖范围内的用户分页列表，可按账号、姓名、用户类型、状态筛选',
    permission: 'account.query',
    input: UserListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listUsers(ctx.db, ctx.user(), filter, page),
  }),
  'POST /bapi/user/update': endpoint({
    summary: '修改管辖范围内用户的资料（范围外 404）',
    permission: 'account.edit',
    input: UserUpdateInput,
    handle: (input, ctx) => updateUserByAdmin(ctx.db, ctx.user(), input),
  }),
  'POST /bapi/user/getUserDepartment': endpoint({
    summary: '本人所在的省、市、县区与机构',
    permission: 'login',
    handle: (_input, ctx) => userDepartment(ctx.db, ctx.user()),
  }),
} satisfies EndpointTable;
