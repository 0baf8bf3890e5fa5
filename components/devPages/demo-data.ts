// 开发者组件页的演示数据：只在页面里，不经接口、不写数据库。
import { CLASS_STATUS, classStatusLabel } from '@/lib/domains/trainClass/transitions';

export interface DemoClass {
  id: number;
  code: string;
  name: string;
  orgName: string;
  workName: string;
  level: number;
  status: number;
  statusName: string;
  startDate: string;
  endDate: string;
  studentCount: number;
}

const WORKS = ['电工', '焊工', '育婴员', '保育师', '中式烹调师', '计算机程序设计员'];
const ORGS = ['石家庄市新华区明德职业培训学校', '保定市启航职业技能培训学校', '唐山市恒业技工培训中心'];
const STATUSES = Object.values(CLASS_STATUS);
/** 演示班级的个数：多于一页（每页 10 条），可试翻页与每页条数 */
export const DEMO_CLASS_COUNT = 36;

const pad = (n: number) => String(n).padStart(2, '0');

export const DEMO_CLASSES: readonly DemoClass[] = Array.from({ length: DEMO_CLASS_COUNT }, (_, i) => {
  const status = STATUSES[i % STATUSES.length];
  const month = (i % 12) + 1;
  return {
    id: i + 1,
    code: `PX2026${String(i + 1).padStart(6, '0')}`,
    name: `${WORKS[i % WORKS.length]}${['初级', '中级', '高级'][i % 3]}培训${Math.floor(i / WORKS.length) + 1}班`,
    orgName: ORGS[i % ORGS.length],
    workName: WORKS[i % WORKS.length],
    level: 5 - (i % 3),
    status,
    statusName: classStatusLabel(status),
    startDate: `2026-${pad(month)}-01`,
    endDate: `2026-${pad(month)}-${pad(10 + (i % 18))}`,
    studentCount: 20 + ((i * 7) % 31),
  };
});

/** 按列表组件给的参数（筛选值与 pageNo/pageSize）在演示数据里查一页，形状同分页接口的答复 */
export async function loadDemoClasses(params: Record<string, unknown>): Promise<{ list: DemoClass[]; total: number }> {
  const keyword = typeof params.keyword === 'string' ? params.keyword.trim() : '';
  const status = params.status === undefined || params.status === null || params.status === '' ? null : Number(params.status);
  const rows = DEMO_CLASSES.filter((r) => (!keyword || r.name.includes(keyword) || r.code.includes(keyword)) && (status === null || r.status === status));
  const pageSize = Number(params.pageSize) || 10;
  const pageNo = Math.max(1, Number(params.pageNo) || 1);
  return { list: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length };
}
