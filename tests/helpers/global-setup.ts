// 测试开始前建一个已迁移并写入基础数据的模板库；每个测试文件从模板复制一份独立的库。
// TEST_DATABASE_URL 已设置：PostgreSQL 模板库（CREATE DATABASE … TEMPLATE）；否则：PGlite 数据目录快照。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDb, openPglite, openPostgres, type OpenedDb } from '@/lib/platform/db/client';
import { seed } from '@/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'postgres'; url: string; template: string } | { kind: 'pglite'; dumpFile: string };
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function prepare(opened: OpenedDb) {
  await migrateDb(opened);
  await seed(opened.db);
}

export default async function setup(project: TestProject) {
  // 上传的文件（含种子写入的）放进临时目录，不写 ./data；测试进程继承这个环境变量
  const uploadDir = process.env.UPLOAD_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'skills-portal-uploads-'));
  if (uploadDir) process.env.UPLOAD_DIR = uploadDir;
  const removeUploads = () => uploadDir && fs.rmSync(uploadDir, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { Client } = await import('pg');
    const template = `tmpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const opened = await openPostgres(withDatabase(url, template), 2);
    await prepare(opened);
    await opened.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`t_${template}_%`, template],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
      removeUploads();
    };
  }
  const opened = await openPglite(undefined);
  await prepare(opened);
  const client = (opened.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const dumpFile = path.join(os.tmpdir(), `skills-portal-test-${process.pid}.tar`);
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await opened.close();
  project.provide('dbTemplate', { kind: 'pglite', dumpFile });
  return () => {
    fs.rmSync(dumpFile, { force: true });
    removeUploads();
  };
}
