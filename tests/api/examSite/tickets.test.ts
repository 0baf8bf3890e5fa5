// 准考证 PDF：按考生、按考场与场次；答复 application/pdf、每人一页、嵌入中文字体且含考生姓名的字形；没有座位的拒绝；范围 404。
import fs from 'node:fs';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { examinees } from '@/lib/domains/examinee/tables';
import { examSeats } from '@/lib/domains/examSite/tables';
import { storeFile } from '@/lib/domains/file/service';
import { addExaminees, addSession, get, login, makePlan, post, siteWithRooms } from './helpers';

const { db } = setupTestDb();

beforeAll(async () => {
  await login('eval_org', 'sjz_admin', 'bd_admin', 'supervisor');
});

/** PDF 里全部压缩流解开后的文字（找 ToUnicode 映射与页数用） */
function pdfText(buf: Buffer): string {
  const raw = buf.toString('latin1');
  const parts = [raw];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      parts.push(zlib.inflateSync(buf.subarray(start, end)).toString('latin1'));
    } catch {
      // 不是 Flate 压缩的流（如图片）
    }
  }
  return parts.join('\n');
}

const hexOf = (ch: string) => ch.codePointAt(0)!.toString(16).padStart(4, '0');

async function pdfOf(account: string, query: Record<string, number>) {
  const res = await get(account, '/examaff/site/ticketPdf', query);
  const buf = res.status === 200 ? Buffer.from(await res.res.arrayBuffer()) : Buffer.alloc(0);
  return { res, buf };
}

describe('准考证', () => {
  it('按考生、按考场与场次生成 PDF：中文字体、姓名字形、每人一页', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const { roomIds } = await siteWithRooms(d, plan, [{ name: '第一考场', roomType: 1, capacity: 30 }]);
    const list = await addExaminees(d, plan, [{ name: '张晓燕' }, { name: '欧阳明' }, { name: '赵一' }]);
    const photo = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#5B8FF9' } })
      .png()
      .toBuffer();
    const stored = await storeFile(d, null, { data: photo, fileName: 'photo.png', purpose: 'image' });
    await d.update(examinees).set({ photoUrl: stored.url }).where(eq(examinees.id, list[0].id));
    const sessionId = await addSession(plan, { name: '理论知识考试', subject: 1, startTime: '09:00', endTime: '10:30' });

    const before = await pdfOf('eval_org', { examineeId: list[0].id });
    expect(before.res.status).toBe(400);
    await post('eval_org', '/examaff/site/autoSeat', { planId: plan.id });

    const one = await pdfOf('eval_org', { examineeId: list[0].id });
    expect(one.res.status).toBe(200);
    expect(one.res.headers.get('content-type')).toBe('application/pdf');
    expect(one.buf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(one.buf);
    expect(text).toMatch(/FontName \/[A-Z]{6}\+WenQuanYi/);
    // 姓名的每个字都在字体的 ToUnicode 映射里（即以嵌入的中文字形画出）
    for (const ch of '张晓燕准考证') expect(text.toLowerCase()).toContain(hexOf(ch));
    expect(text.match(/\/Type \/Page\b/g)?.length).toBe(1);
    if (process.env.TICKET_PDF_OUT) fs.writeFileSync(process.env.TICKET_PDF_OUT, one.buf);

    const room = await pdfOf('eval_org', { roomId: roomIds[0], sessionId });
    expect(room.res.status).toBe(200);
    const roomText = pdfText(room.buf);
    expect(roomText.match(/\/Type \/Page\b/g)?.length).toBe(3);
    for (const ch of '欧阳明赵一') expect(roomText.toLowerCase()).toContain(hexOf(ch));

    // 市级管理员、督导员在范围内可下载；保定管理员 404
    expect((await pdfOf('sjz_admin', { examineeId: list[1].id })).res.status).toBe(200);
    expect((await pdfOf('supervisor', { roomId: roomIds[0], sessionId })).res.status).toBe(200);
    expect((await pdfOf('bd_admin', { examineeId: list[1].id })).res.status).toBe(404);
    expect((await pdfOf('bd_admin', { roomId: roomIds[0], sessionId })).res.status).toBe(404);
    const seats = await d.select().from(examSeats).where(eq(examSeats.sessionId, sessionId));
    expect(seats.length).toBe(3);
  });

  it('参数不全时给出中文提示', async () => {
    const res = await get('eval_org', '/examaff/site/ticketPdf', { roomId: 1 });
    expect(res.status).toBe(400);
    expect((res.body as { returnMsg: string }).returnMsg).toContain('请指定考生，或同时指定考场与场次');
  });
});
