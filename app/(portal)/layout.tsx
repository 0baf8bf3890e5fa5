// 登录后的门户（SPEC §2 基本布局）：未登录转登录页；菜单、用户与权限与接口取自同一服务、同一会话；
// 布局偏好读 Cookie，首屏即按其渲染。弱密码用户挂载强制改密对话框（SPEC §4）。
import { cookies } from 'next/headers';
import ForcedPasswordDialog from '@/components/ForcedPasswordDialog';
import { screenNames } from '@/components/screens/registry';
import { loadUnreadCount, loadUserAndPermissions } from '@/components/shell/data';
import { menuIconDefs } from '@/components/shell/icon-defs';
import PortalShell from '@/components/shell/PortalShell';
import { SETTINGS_COOKIE, parseSettings } from '@/components/shell/settings';
import type { ShellData } from '@/components/shell/types';

export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const [info, unreadCount, jar] = await Promise.all([loadUserAndPermissions(), loadUnreadCount(), cookies()]);
  const { user } = info;
  const data: ShellData = {
    user: {
      id: user.id,
      code: user.code,
      account: user.account,
      nickName: user.nickName,
      realName: user.realName,
      userType: user.userType,
      avatar: user.avatar,
      level: user.level,
      orgName: user.orgName,
      passwordStrength: user.passwordStrength,
    },
    roles: info.roles,
    permissions: info.permissions,
    routes: info.routes,
    home: info.home,
    screens: screenNames(),
    unreadCount,
    menuIcons: menuIconDefs(info.routes.map((r) => r.meta.icon)),
  };
  return (
    <PortalShell data={data} initialSettings={parseSettings(jar.get(SETTINGS_COOKIE)?.value)}>
      {children}
      <ForcedPasswordDialog userCode={user.code} />
    </PortalShell>
  );
}
