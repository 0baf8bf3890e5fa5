// 所有 /api/* 请求的唯一入口，见 lib/api.ts 的端点表。
import { dispatch } from '@/lib/api';

export const dynamic = 'force-dynamic';

const handler = (request: Request) => dispatch(request);
export { handler as GET, handler as POST, handler as PUT, handler as DELETE, handler as PATCH };
