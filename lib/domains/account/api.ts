// 账号管理端点（/account/*、/sys/user/batch/update 等）。系统“用户管理”（sysUser）与机构“账号管理”（account）
// 两个界面共用，权限写成两者之一。规则都在 service.ts。
import type { Action } from '@/lib/platform/auth/session';
import { endpoint, sessionOf, type Ctx, type EndpointTable } from '@/lib/platform/api/endpoint';
import { importResponse, ImportFileInput, runImport, templateEndpoint } from '@/lib/platform/excel/import';
import {
  AccountAddInput,
  AccountIdInput,
  AccountIdsInput,
  AccountListUnmaskInput,
  AccountUpdateInput,
  BatchUpdateInput,
  OrgListInput,
  ResetPwdInput,
  SubAccountAddInput,
} from './schemas';
import {
  accountDetail,
  assignableOrgs,
  batchUpdateAccounts,
  createAccount,
  currentCities,
  deleteAccounts,
  exportAccounts,
  freezeAccount,
  listAccounts,
  resetAccountPassword,
  superiorCities,
  updateAccount,
} from './service';
import { accountImport, accountImportParams } from './import';
import { z } from 'zod';
import { eachOf } from '@/lib/domains/access/menu-tree';

/** 两个界面任一授予该动作即可 */
const perm = <A extends Action>(action: A) => eachOf(['sysUser', 'account'], action);

const audit = (ctx: Ctx) => ctx.audit.bind(ctx);

const batchUpdate = endpoint({
  summary: '批量修改账号：ids 为用户 id 列表；status 0 解冻、1 冻结（冻结立即结束会话）；roleIds 与 roleMode（replace 替换、add 追加、remove 移除）改角色。全部合规才执行',
  permission: perm('edit'),
  input: BatchUpdateInput,
  handle: (input, ctx) => batchUpdateAccounts(ctx.db, ctx.session!, input, audit(ctx)),
});

export const accountApi = {
  'POST /account/listUsers': endpoint({
    summary: '管辖范围内的账号分页列表：按账号、姓名、完整手机号、状态、角色、机构、区划筛选；手机号脱敏，unmask 为 true 时给全号（须有 account.unmask 或 sysUser.unmask 并选理由，记个人信息访问日志）；canUnmask 表示能否请求看全',
    permission: perm('query'),
    input: AccountListUnmaskInput,
    paged: true,
    handle: ({ page, unmask, reason, reasonNote, ...filter }, ctx) => listAccounts(ctx.db, sessionOf(ctx), { ...filter, unmask, reason, reasonNote, ip: ctx.ip }, page, audit(ctx)),
  }),
  'POST /account/export': endpoint({
    asTask: 'export',
    summary: '导出筛选后的账号（.xlsx，流式）；手机号脱敏，unmask 为 true 时导出全号（须有 account.unmask 或 sysUser.unmask 并选理由，记个人信息访问日志）',
    permission: perm('export'),
    input: AccountListUnmaskInput,
    handle: ({ unmask, reason, reasonNote, ...filter }, ctx) => exportAccounts(ctx.db, sessionOf(ctx), { ...filter, unmask, reason, reasonNote, ip: ctx.ip }, audit(ctx)),
  }),
  'POST /account/userInfo': endpoint({
    summary: '账号详情（含角色 id）；范围外 404',
    permission: perm('get'),
    input: AccountIdInput,
    handle: ({ id }, ctx) => accountDetail(ctx.db, ctx.user(), id),
  }),
  'POST /account/add': endpoint({
    summary: '新建账号：按所选机构或区划确定层级与范围（须在管辖范围内），都不选则与操作人相同；角色不能高于本人层级',
    permission: perm('add'),
    input: AccountAddInput,
    handle: (input, ctx) => createAccount(ctx.db, ctx.session!, input, audit(ctx), { sub: false }),
  }),
  'POST /account/addSubAccount': endpoint({
    summary: '新建本人名下的子账号：层级、区划与机构取自本人',
    permission: perm('add'),
    input: SubAccountAddInput,
    handle: (input, ctx) => createAccount(ctx.db, ctx.session!, input, audit(ctx), { sub: true }),
  }),
  'POST /account/update': endpoint({
    summary: '修改账号的用户名、真实姓名、手机号、邮箱与角色（账号名不能修改）',
    permission: perm('edit'),
    input: AccountUpdateInput,
    handle: (input, ctx) => updateAccount(ctx.db, ctx.session!, input, audit(ctx)),
  }),
  'POST /account/resetPwd': endpoint({
    summary: '重置账号密码（6–18 位字母、数字与特殊符号的组合），并结束该账号的全部会话',
    permission: perm('edit'),
    input: ResetPwdInput,
    handle: (input, ctx) => resetAccountPassword(ctx.db, sessionOf(ctx), input, audit(ctx)),
  }),
  'POST /account/frozen': endpoint({
    summary: '冻结账号：立即结束其全部会话（下一次请求得到 10005）；不能冻结自己',
    permission: perm('disable'),
    input: AccountIdInput,
    handle: ({ id }, ctx) => freezeAccount(ctx.db, sessionOf(ctx), { id, frozen: true }, audit(ctx)),
  }),
  'POST /account/unFrozen': endpoint({
    summary: '解冻账号',
    permission: perm('enable'),
    input: AccountIdInput,
    handle: ({ id }, ctx) => freezeAccount(ctx.db, sessionOf(ctx), { id, frozen: false }, audit(ctx)),
  }),
  'POST /account/del': endpoint({
    summary: '删除账号：不能删除自己；仍拥有业务数据（如子账号）的不能删除，可改为冻结',
    permission: perm('delete'),
    input: AccountIdInput,
    handle: ({ id }, ctx) => deleteAccounts(ctx.db, sessionOf(ctx), [id], audit(ctx)),
  }),
  'POST /account/delBatch': endpoint({
    summary: '批量删除账号（全部可删才删除）',
    permission: perm('delete'),
    input: AccountIdsInput,
    handle: ({ ids }, ctx) => deleteAccounts(ctx.db, sessionOf(ctx), ids, audit(ctx)),
  }),
  'POST /account/orgList': endpoint({
    summary: '可分配的机构（管辖范围内、已启用），按名称筛选，最多 200 个',
    permission: perm('query'),
    input: OrgListInput,
    handle: (filter, ctx) => assignableOrgs(ctx.db, ctx.user(), filter),
  }),
  'POST /account/currentCityList': endpoint({
    summary: '本人可见的河北各市：省级为全部市，其他为本人所在市',
    permission: perm('query'),
    handle: (_input, ctx) => currentCities(ctx.db, ctx.user()),
  }),
  'POST /account/superiorCityList': endpoint({
    summary: '本人的上级区划：县区级为所在市，市级为省，机构用户为所在市，省级为省本身',
    permission: perm('query'),
    handle: (_input, ctx) => superiorCities(ctx.db, ctx.user()),
  }),
  'POST /account/impAccount': endpoint({
    asTask: 'import',
    summary: '导入账号（.xlsx：账号、姓名、手机号、邮箱、初始密码、角色编码、机构编码、区划代码）；全部校验通过才写入，否则返回错误工作簿',
    permission: perm('import'),
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: async ({ file }, ctx) => {
      const params = accountImportParams(ctx.session!);
      const answer = importResponse(await runImport(accountImport, file as Blob, { db: ctx.db, userId: ctx.user().id, params }));
      ctx.audit({ entity: 'sys_user', after: { accounts: params.created }, detail: `导入账号 ${params.created.length} 个` });
      return answer;
    },
  }),
  'GET /account/impAccount/template': templateEndpoint(accountImport, { permission: perm('import') }),
  'POST /sys/user/batch/update': batchUpdate,
  'POST /bks/v1/migrate/sys/user/batch/update': batchUpdate,
} satisfies EndpointTable;
