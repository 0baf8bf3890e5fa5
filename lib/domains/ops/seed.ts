// 演示数据：定时任务（全部内置任务）与演示机构的设备。按编码幂等，重复执行不重复写入。
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { organisations } from '../org/tables';
import { ensureJobs } from './jobs';
import { devices } from './tables';

type DemoDevice = Omit<typeof devices.$inferInsert, 'orgId'> & { orgCode: string };

const DEMO_DEVICES: DemoDevice[] = [
  { code: 'CAM-SJZ-001', name: '第一考场摄像头', type: 'camera', orgCode: 'ORG130102001', location: '长安区实训楼 301 考场', ip: '192.168.10.21', status: 'online' },
  { code: 'CAM-SJZ-002', name: '第二考场摄像头', type: 'camera', orgCode: 'ORG130102001', location: '长安区实训楼 302 考场', ip: '192.168.10.22', status: 'offline' },
  { code: 'FACE-SJZ-001', name: '考场入口人脸识别终端', type: 'face', orgCode: 'ORG130102001', location: '实训楼一层入口', ip: '192.168.10.31', status: 'online' },
  { code: 'IDR-SJZ-001', name: '报到处身份证读卡器', type: 'idReader', orgCode: 'ORG130105001', location: '明德学校报到处', status: 'online' },
  { code: 'CAM-BD-001', name: '理论考场摄像头', type: 'camera', orgCode: 'ORG130606001', location: '竞秀区评价中心 201 考场', ip: '10.20.1.11', status: 'online' },
  { code: 'FACE-BD-001', name: '人脸识别签到终端', type: 'face', orgCode: 'ORG130606001', location: '评价中心大厅', ip: '10.20.1.12', status: 'disabled', remark: '镜头故障，待维修' },
];

export async function seedOps(db: Db): Promise<void> {
  await ensureJobs(db);
  const orgs = await db
    .select({ id: organisations.id, code: organisations.code })
    .from(organisations)
    .where(inArray(organisations.code, [...new Set(DEMO_DEVICES.map((d) => d.orgCode))]));
  const orgId = new Map(orgs.map((o) => [o.code, o.id]));
  const rows = DEMO_DEVICES.filter((d) => orgId.has(d.orgCode)).map(({ orgCode, ...d }) => ({ ...d, orgId: orgId.get(orgCode)! }));
  if (rows.length) await db.insert(devices).values(rows).onConflictDoNothing({ target: devices.code });
}
