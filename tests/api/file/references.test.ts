// 记录引用文件：attachFiles 拒绝不是本服务上传的地址与别的机构的私有文件、整体替换；detachFiles；
// 公开展示的记录引用的私有文件任何人可读；定时任务删除上传一天后仍没人引用的文件，留下被引用的。
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachFiles, detachFiles, fileUrlsIn, setFilesPublic, storeFile } from '@/lib/domains/file/service';
import { fileRefs, fileUploads } from '@/lib/domains/file/tables';
import { runJob } from '@/lib/domains/ops/jobs';
import { lookupSession } from '@/lib/domains/access/session';
import { getStorage } from '@/lib/platform/storage';
import type { SessionUser } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { setupTestDb } from '../../helpers/db';
import * as fx from './fixtures';
import { fetchFile, tokenOf, upload } from './helpers';

const { db } = setupTestDb();
const tokens: Record<string, string> = {};
const users: Record<string, SessionUser> = {};

beforeAll(async () => {
  const d = await db();
  for (const account of ['admin', 'eval_org', 'train_org']) {
    tokens[account] = await tokenOf(d, account);
    const s = await lookupSession(d, tokens[account]);
    if (!s || s === 'invalidated') throw new Error('no session');
    users[account] = s.user;
  }
});

const refsOf = async (entity: string, entityId: number) =>
  (
    await (await db())
      .select({ key: fileUploads.storageKey })
      .from(fileRefs)
      .innerJoin(fileUploads, eq(fileUploads.id, fileRefs.fileId))
      .where(and(eq(fileRefs.entity, entity), eq(fileRefs.entityId, entityId)))
  )
    .map((r) => `/files/${r.key}`)
    .sort();

async function refusal(work: Promise<unknown>): Promise<string> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).returnCode).toBe(400);
  return (err as ApiError).message;
}

describe('attachFiles / detachFiles', () => {
  it('记下引用并整体替换；空值略去；detach 全部解除', async () => {
    const [a, b] = (await upload(tokens.eval_org, [['a.png', await fx.image('png')], ['b.pdf', fx.pdf()]], { purpose: 'attachment' })).body.data!;
    const d = await db();
    await attachFiles(d, { entity: 'test_record', entityId: 1 }, [a.url, b.url, null, undefined, '', a.url]);
    expect(await refsOf('test_record', 1)).toEqual([a.url, b.url].sort());
    await attachFiles(d, { entity: 'test_record', entityId: 1 }, [b.url]);
    expect(await refsOf('test_record', 1)).toEqual([b.url]);
    await detachFiles(d, { entity: 'test_record', entityId: 1 });
    expect(await refsOf('test_record', 1)).toEqual([]);
  });

  it('拒绝不是本服务上传的地址：外站地址、路径穿越、格式对但不存在的', async () => {
    const d = await db();
    const ref = { entity: 'test_record', entityId: 2 };
    expect(await refusal(attachFiles(d, ref, ['https://evil.example/x.png']))).toBe('文件地址不正确：https://evil.example/x.png（须是经本系统上传得到的地址）');
    expect(await refusal(attachFiles(d, ref, ['/files/../../etc/passwd']))).toContain('文件地址不正确');
    expect(await refusal(attachFiles(d, ref, ['/files/00000000002025-01-01/AAAAAAAAAAAAAAAAAAAAAA.png']))).toBe(
      '文件不存在或不能使用：/files/00000000002025-01-01/AAAAAAAAAAAAAAAAAAAAAA.png（请重新上传）',
    );
    expect(await refsOf('test_record', 2)).toEqual([]);
  });

  it('给出当前用户时：别的机构的私有文件不能引用，公开用途的可以', async () => {
    const d = await db();
    const theirs = (await upload(tokens.train_org, [['合同.pdf', fx.pdf()]], { purpose: 'attachment' })).body.data![0].url;
    const publicImage = (await upload(tokens.train_org, [['封面.png', await fx.image('png')]], { purpose: 'image' })).body.data![0].url;
    expect(await refusal(attachFiles(d, { entity: 'test_record', entityId: 3 }, [theirs], { by: users.eval_org }))).toBe(`文件不存在或不能使用：${theirs}（请重新上传）`);
    await attachFiles(d, { entity: 'test_record', entityId: 3 }, [publicImage], { by: users.eval_org });
    expect(await refsOf('test_record', 3)).toEqual([publicImage]);
    // 省级管理员的范围覆盖它
    await attachFiles(d, { entity: 'test_record', entityId: 4 }, [theirs], { by: users.admin });
  });

  it('公开展示的记录引用的私有文件：任何人可读；撤回后恢复私有', async () => {
    const d = await db();
    const url = (await upload(tokens.admin, [['通知附件.pdf', fx.pdf()]], { purpose: 'attachment' })).body.data![0].url;
    expect((await fetchFile(d, url, tokens.train_org)).status).toBe(404);
    await attachFiles(d, { entity: 'test_notice', entityId: 1 }, [url], { public: true });
    expect((await fetchFile(d, url, tokens.train_org)).status).toBe(200);
    expect((await fetchFile(d, url, null)).status).toBe(200);
    await setFilesPublic(d, { entity: 'test_notice', entityId: 1 }, false);
    expect((await fetchFile(d, url, null)).status).toBe(404);
  });

  it('fileUrlsIn 找出富文本里引用的上传文件', () => {
    const html =
      '<p><img src="/files/00000000002025-01-01/AAAAAAAAAAAAAAAAAAAAAA.png"><a href="/files/U1/BBBBBBBBBBBBBBBBBBBBBB.pdf">附件</a>' +
      '<img src="/files/00000000002025-01-01/AAAAAAAAAAAAAAAAAAAAAA.png?thumb=1"><img src="https://x.example/files/a.png"></p>';
    expect(fileUrlsIn(html)).toEqual(['/files/00000000002025-01-01/AAAAAAAAAAAAAAAAAAAAAA.png', '/files/U1/BBBBBBBBBBBBBBBBBBBBBB.pdf']);
  });
});

describe('定时清理', () => {
  it('上传一天后没人引用的删除（行与存储对象），被引用的与不到一天的留下', async () => {
    const d = await db();
    const seedOwner = null;
    const kept = await storeFile(d, seedOwner, { data: await fx.image('png'), fileName: 'kept.png', purpose: 'image' });
    const orphan = await storeFile(d, seedOwner, { data: fx.pdf(), fileName: 'orphan.pdf', purpose: 'document' });
    const fresh = await storeFile(d, seedOwner, { data: fx.pdf(), fileName: 'fresh.pdf', purpose: 'document' });
    await attachFiles(d, { entity: 'test_record', entityId: 10 }, [kept.url]);
    const keys = [kept.url, orphan.url].map((u) => u.replace('/files/', ''));
    await d.update(fileUploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(inArray(fileUploads.storageKey, keys));
    const [orphanRow] = await d.select().from(fileUploads).where(eq(fileUploads.storageKey, keys[1]));
    expect(await getStorage().stat(orphanRow.storageKey)).not.toBeNull();

    const run = await runJob(d, 'file.purgeUnreferenced', { trigger: 'manual' });
    expect(run?.status).toBe('success');

    const left = (await d.select({ key: fileUploads.storageKey }).from(fileUploads).where(inArray(fileUploads.storageKey, [...keys, fresh.url.replace('/files/', '')]))).map((r) => r.key);
    expect(left.sort()).toEqual([keys[0], fresh.url.replace('/files/', '')].sort());
    expect(await getStorage().stat(orphanRow.storageKey)).toBeNull();
    expect(await getStorage().stat(keys[0])).not.toBeNull();
    // 图片的缩略图随原图留下
    const [keptRow] = await d.select().from(fileUploads).where(eq(fileUploads.storageKey, keys[0]));
    expect(await getStorage().stat(keptRow.thumbKey!)).not.toBeNull();
  });
});
