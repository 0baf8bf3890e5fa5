// 404：未知路径（SPEC §2：未知路径转到 404）。notFound() 也落到这里。
// 已登录时未知路径由门户的 [...slug] 接住，404 显示在门户框架的内容区里；未登录时占满整页。
import ErrorResult from '@/components/shell/ErrorResult';
import { homeHrefForRequest } from '@/components/shell/data';
import { WORKPLACE_PATH } from '@/components/shell/types';

export default async function NotFound() {
  const home = await homeHrefForRequest();
  return <ErrorResult status={404} homeHref={home} inline={home === WORKPLACE_PATH} />;
}
