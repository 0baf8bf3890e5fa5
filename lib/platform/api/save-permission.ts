// 新增与修改共用一个保存端点（带 id 为修改）：端点的 permission 先放行 add 或 edit 之一，
// 处理函数再按有无 id 要求具体的动作。各领域的保存端点都用这一个检查。
import { can, type Session } from '@/lib/platform/auth/session';
import { ApiError, FORBIDDEN_MESSAGE } from './errors';

export function assertSaveAllowed(session: Session | null, resource: string, id: number | null | undefined): void {
  if (!can(session, `${resource}.${id === undefined || id === null ? 'add' : 'edit'}`)) throw ApiError.forbidden(FORBIDDEN_MESSAGE);
}
