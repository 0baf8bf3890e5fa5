// 视频监控：拉流地址只许 http、https、rtmp、rtsp、webrtc；计划 → 考点 → 考场的树与概况；督导员可查看不能改；范围 404。
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '../../helpers/db';
import { examCameras } from '@/lib/domains/examSite/tables';
import type { CameraItem } from '@/lib/domains/examSite/schemas';
import { get, login, makePlan, post, siteWithRooms, type Paged } from './helpers';

const { db } = setupTestDb();

beforeAll(async () => {
  await login('eval_org', 'sjz_admin', 'bd_admin', 'supervisor');
});

describe('视频监控', () => {
  it('新增、校验地址、列表、树、概况、删除', async () => {
    const d = await db();
    const plan = await makePlan(d);
    const { roomIds } = await siteWithRooms(d, plan, [{ name: 'M101', roomType: 1, capacity: 30 }]);
    for (const streamUrl of ['ftp://10.0.0.1/a', 'javascript:alert(1)', 'rtsp://', '10.0.0.1:554/live']) {
      const bad = await post('eval_org', '/monitor/ExaVideoSurveillanceSave', { roomId: roomIds[0], name: '前方', streamUrl });
      expect(bad.status).toBe(400);
      expect(bad.body.returnMsg).toContain('拉流地址须以 http://、https://、rtmp://、rtsp:// 或 webrtc:// 开头');
    }
    const ids: number[] = [];
    for (const streamUrl of ['rtsp://10.13.1.20:554/Streaming/Channels/101', 'https://live.example.org/exam/m101.m3u8', 'webrtc://live.example.org/exam/m101']) {
      const ok = await post<{ id: number }>('eval_org', '/monitor/ExaVideoSurveillanceSave', { roomId: roomIds[0], name: `摄像头${ids.length + 1}`, streamUrl });
      expect(ok.status).toBe(200);
      ids.push(ok.body.data.id);
    }
    const list = await post<Paged<CameraItem>>('supervisor', '/monitor/ExaVideoSurveillanceList', { planId: plan.id });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.list[0]).toMatchObject({ roomName: 'M101', editable: false });

    const tree = await get('supervisor', '/monitor/exaPlanSitePlaceList', { planId: plan.id });
    const planNode = (tree.body.data as { children: { children: { id: number; cameraCount: number }[] }[] }[])[0];
    expect(planNode.children[0].children[0]).toMatchObject({ id: roomIds[0], cameraCount: 3 });
    const head = await get('eval_org', '/monitor/ExaVideoSurveillanceHead', { planId: plan.id });
    expect(head.body.data).toMatchObject({ plans: 1, sites: 1, rooms: 1, cameras: 3, enabled: 3 });

    // 督导员不能改；保定管理员看不到
    expect((await post('supervisor', '/monitor/ExaVideoSurveillanceSave', { roomId: roomIds[0], name: 'x', streamUrl: 'rtsp://1.2.3.4/a' })).status).toBe(403);
    expect((await post('bd_admin', '/monitor/ExaVideoSurveillanceSave', { roomId: roomIds[0], name: 'x', streamUrl: 'rtsp://1.2.3.4/a' })).status).toBe(404);
    expect((await get('bd_admin', '/monitor/exaPlanSitePlaceList', { planId: plan.id })).status).toBe(404);
    expect((await post('bd_admin', '/monitor/ExaVideoSurveillanceDel', { ids })).status).toBe(404);
    const bdList = await post<Paged<CameraItem>>('bd_admin', '/monitor/ExaVideoSurveillanceList', { planId: plan.id });
    expect(bdList.body.data.total).toBe(0);

    // 修改、删除
    const edit = await post('eval_org', '/monitor/ExaVideoSurveillanceSave', { id: ids[0], roomId: roomIds[0], name: '前方', streamUrl: 'rtmp://10.13.1.20/live/m101', status: 1 });
    expect(edit.status).toBe(200);
    const del = await post('eval_org', '/monitor/ExaVideoSurveillanceDel', { ids: ids.slice(1) });
    expect(del.status).toBe(200);
    const left = await d.select().from(examCameras).where(eq(examCameras.planId, plan.id));
    expect(left.map((c) => [c.name, c.status])).toEqual([['前方', 1]]);
  });
});
