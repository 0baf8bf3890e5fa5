// 数据库备份与恢复（npm run db:backup / db:restore，见 README“备份与恢复”）。
// PostgreSQL：pg_dump 自定义格式（-Fc）备份，pg_restore --clean --single-transaction 恢复（要么全部恢复，要么不变）；
// 口令从连接串取出放进 PGPASSWORD，不出现在进程列表里。内置 PGlite：应用停止时打开数据目录，dumpDataDir 得到一致的
// 数据目录归档（.tar.gz）；恢复时把原目录改名留存，再从归档建新目录。上传的文件不在数据库里，另行备份（UPLOAD_DIR 或对象存储）。
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** 按环境变量：DATABASE_URL（PostgreSQL）或 PGLITE_DIR（默认 ./data/pglite） */
export function configuredTarget(env: NodeJS.ProcessEnv = process.env): BackupTarget {
  return env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dir: path.resolve(env.PGLITE_DIR ?? './data/pglite') };
}

/** 默认的备份文件名：backups/portal-<时间>.dump（PostgreSQL）或 .tar.gz（内置库） */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..+$/, '').replace('T', '-');
  return path.resolve('backups', `portal-${stamp}${target.kind === 'postgres' ? '.dump' : '.tar.gz'}`);
}

/** 连接串去掉口令（口令改由 PGPASSWORD 传给子进程） */
function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new Error(`找不到 ${command}：请安装 PostgreSQL 客户端（Debian/Ubuntu：apt-get install -y postgresql-client），版本不低于数据库服务器`)
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} 失败（退出码 ${code}）：${stderr.trim() || '没有输出'}`));
    });
  });
}

/** 内置库正在被某个进程打开时数据目录里有 postmaster.pid（关闭时删除） */
function assertPgliteClosed(dir: string, force: boolean): void {
  if (!force && fs.existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new Error(`内置数据库 ${dir} 正在使用中（有 postmaster.pid）：请先停止应用再操作；确认没有进程在用（如应用曾异常退出）时加 --force`);
  }
}

export async function backupDatabase(target: BackupTarget, file: string, opts: { force?: boolean } = {}): Promise<{ file: string; bytes: number }> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.kind === 'postgres') {
    const { dbname, env } = libpqArgs(target.url);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
  } else {
    if (!fs.existsSync(path.join(target.dir, 'PG_VERSION'))) throw new Error(`内置数据库目录 ${target.dir} 不存在或不是数据库目录`);
    assertPgliteClosed(target.dir, opts.force === true);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(target.dir);
    try {
      const archive = await db.dumpDataDir('gzip');
      fs.writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  return { file, bytes: fs.statSync(file).size };
}

export async function restoreDatabase(target: BackupTarget, file: string, opts: { force?: boolean } = {}): Promise<{ previous?: string }> {
  if (!fs.existsSync(file)) throw new Error(`备份文件 ${file} 不存在`);
  if (target.kind === 'postgres') {
    const { dbname, env } = libpqArgs(target.url);
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file], env);
    return {};
  }
  const dir = target.dir;
  let previous: string | undefined;
  if (fs.existsSync(dir)) {
    assertPgliteClosed(dir, opts.force === true);
    previous = `${dir}.before-restore-${Date.now()}`;
    fs.renameSync(dir, previous);
  }
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    await db.query('select 1');
    await db.close();
  } catch (err) {
    // 恢复失败：放回原来的目录
    fs.rmSync(dir, { recursive: true, force: true });
    if (previous) fs.renameSync(previous, dir);
    throw err;
  }
  return { previous };
}
