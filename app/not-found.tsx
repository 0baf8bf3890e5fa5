// 404：页面里调用 notFound() 时落到这里（如公开页查无此记录）。
// 未知路径不到这里：门户的 [...slug]（已登录）与 requirePortalSession（未登录）都把它重定向到 /404（SPEC §2）。
import ErrorResult from '@/components/shell/ErrorResult';
import { homeHrefForRequest } from '@/components/shell/data';
import { WORKPLACE_PATH } from '@/components/shell/types';

export default async function NotFound() {
  const home = await homeHrefForRequest();
  return <ErrorResult status={404} homeHref={home} inline={home === WORKPLACE_PATH} />;
}
