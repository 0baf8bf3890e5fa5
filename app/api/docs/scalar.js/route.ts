// GET /api/docs/scalar.js：接口参考页用的 Scalar 脚本，从本站发出（node_modules 里的独立构建），不连 CDN。
import { docsScript } from '@/lib/platform/api/docs-page';

export const GET = (request: Request) => docsScript(request);
