// 服务启动时打开数据库（迁移；登记并执行“内置库为空时写入演示数据”），问题在启动时就以一句话说明。
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // 短信配置有误（未知的 SMS_PROVIDER）在启动日志里说清楚；发送验证码时同样报错。
  const { smsConfigError } = await import('@/lib/domains/user/sms');
  const smsError = smsConfigError();
  const { log } = await import('@/lib/platform/log');
  if (smsError) log.error({ component: 'sms' }, `配置错误：${smsError}`);
  // 生产环境没有可靠的 AUTH_SECRET（签名密钥）就不启动：用公开的默认值签名等于没有签名。
  (await import('@/lib/platform/auth/secret')).refuseToStartWithoutSecret();
  // 同样：个人信息加密的密钥（DATA_KEY、DATA_INDEX_KEY）。
  (await import('@/lib/platform/crypto/keys')).refuseToStartWithoutDataKey();
  // 同样：没有证书签名私钥（CERT_SIGNING_KEY / CERT_SIGNING_KEY_FILE）不启动，否则证书二维码签不出、公布的公钥对不上。
  (await import('@/lib/platform/auth/cert-signing-key')).refuseToStartWithoutCertSigningKey();
  // 同样：生产环境没有本站对外的地址（PUBLIC_BASE_URL）不启动，否则证书二维码指向 localhost。
  (await import('@/lib/platform/http/public-base')).refuseToStartWithoutPublicBase();
  // 客户端 IP：只采信受信代理（TRUSTED_PROXIES）给的转发头，见 docs/SECURITY.md。
  (await import('@/lib/platform/http/client-ip')).installForwardingGuard();
  const { getDb, onDatabaseOpened, DbUnavailableError } = await import('@/lib/platform/db/client');
  // 空库写入演示数据由启动代码登记（数据库模块不依赖演示数据与各领域）；打开失败后请求里重试时同样执行。
  // 先把加密功能之前写入的明文加密（见 docs/SECURITY.md「个人信息加密」），再在空库写入演示数据。
  const { seedOnFirstStart } = await import('@/db/seed');
  const { sealLegacyData } = await import('@/db/sealing');
  onDatabaseOpened(async (opened) => {
    await sealLegacyData(opened);
    await seedOnFirstStart(opened);
  });
  try {
    await getDb();
  } catch (err) {
    // 不退出：数据库恢复后下一次请求会重试打开。
    if (err instanceof DbUnavailableError) log.error({ component: 'db' }, err.message);
    else log.error({ component: 'db', err }, '启动时打开数据库失败');
  }
  // 上一次进程在上传中途退出时留下的临时文件（定时任务“清理上传临时文件”之后每小时再清）
  try {
    const removed = await (await import('@/lib/platform/storage/temp')).purgeStaleTempFiles();
    if (removed) log.info({ component: 'storage' }, `启动时清理了 ${removed} 个遗留的上传临时目录`);
  } catch (err) {
    log.warn({ component: 'storage', err }, '启动时清理上传临时文件失败');
  }
  // 定时任务（清理过期会话等）：每个进程启动一次；测试环境与 SCHEDULER_DISABLED=true 时不启动。
  if (process.env.NODE_ENV !== 'test' && !process.env.VITEST && process.env.SCHEDULER_DISABLED !== 'true') {
    (await import('@/lib/domains/ops/scheduler')).startScheduler();
  }
  // 后台任务（批量打印、按规则组卷、大文件导入）：每个进程一个执行器，条件同上（TASKS_DISABLED=true 时不启动），见 docs/TASKS.md。
  if (process.env.NODE_ENV !== 'test' && !process.env.VITEST && process.env.TASKS_DISABLED !== 'true') {
    (await import('@/lib/platform/task/runner')).startTaskRunner({ loadRegistry: () => import('@/lib/tasks') });
  }
}
