// 导入导出基准共用的两件事：在 PostgreSQL 上建一个临时库（迁移好、有本地上传目录，结束时删除），
// 以及把导入定义按批的 check / commit 包一层计时，报告各阶段耗时。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { OpenedDb } from '../lib/platform/db/client';

export const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export interface Scratch {
  /** 临时库的连接串（交给测量子进程） */
  url: string;
  opened: OpenedDb;
  /** 本次的本地上传目录（结束时删除） */
  uploadDir: string;
}

/**
 * 建临时库 `<prefix>_<时间戳>` 并迁移，上传写到临时目录；run 结束（或失败）后关闭连接、删库、删目录。
 * BENCH_KEEP=1 时留下临时库（逐条语句剖析用）。
 */
export async function withScratchDatabase(prefix: string, run: (s: Scratch) => Promise<void>): Promise<void> {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-uploads-`));
  process.env.UPLOAD_DIR = uploadDir;
  process.env.STORAGE_DRIVER = 'local';
  const name = `${prefix}_${Date.now()}`;
  await admin(`create database "${name}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const { openPostgres, migrateDb } = await import('../lib/platform/db/client');
  const opened = await openPostgres(u.toString(), 10);
  try {
    await migrateDb(opened);
    await run({ url: u.toString(), opened, uploadDir });
  } finally {
    await opened.close();
    if (process.env.BENCH_KEEP === '1') console.log(`[bench] 留下临时库 ${name}`);
    else await admin(`drop database if exists "${name}" with (force)`);
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}

type Step<A extends unknown[], R> = (...a: A) => Promise<R>;

/** 给导入定义的 check（按批查库）与 commit（写入）计时；spent 累加毫秒，reset 清零 */
export function timePhases<CA extends unknown[], CR, WA extends unknown[], WR>(def: { check?: Step<CA, CR>; commit: Step<WA, WR> }) {
  const spent = { check: 0, commit: 0 };
  const timed =
    <A extends unknown[], R>(key: keyof typeof spent, step: Step<A, R>): Step<A, R> =>
    async (...a) => {
      const s0 = Date.now();
      try {
        return await step(...a);
      } finally {
        spent[key] += Date.now() - s0;
      }
    };
  if (def.check) def.check = timed('check', def.check);
  def.commit = timed('commit', def.commit);
  return { spent, reset: () => (spent.check = spent.commit = 0) };
}
