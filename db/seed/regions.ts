// 其他城市的演示数据：唐山、邯郸、廊坊、沧州的机构（覆盖全部机构类型与评价/培训/企业三类）、可开展工种、
// 备案机构库、各状态的备案及其历史、考评员/督导员/考务人员（带照片）。
// 只新增这四个市的数据，不动石家庄、保定的演示机构与账号；按业务键幂等（机构编码、信用代码、备案编号、库+身份证号）。
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { OrgCategory } from '@/lib/domains/org/schemas';
import { organisations, organisationWorks } from '@/lib/domains/org/tables';
import { baseWorks } from '@/lib/domains/catalog/tables';
import { seedDemoFilings, seedRecordOrgs, type DemoFiling, type DemoRecordOrg } from '@/lib/domains/filing/seed';
import { seedPeople, type SeedPeopleGroups, type SeedPerson } from '@/lib/domains/personnel/seed';
import { creditCode, type DemoOrg } from './accounts';

interface RegionOrg extends DemoOrg {
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  address: string;
  /** 可开展评价/培训的工种（职业目录中的编码） */
  works: string[];
}

const org = (
  code: string,
  name: string,
  category: OrgCategory,
  orgType: number,
  areaId: number,
  creditBody: string,
  contact: [legalPerson: string, contactName: string, contactPhone: string, address: string],
  works: string[],
): RegionOrg => ({
  code,
  name,
  category,
  orgType,
  areaId,
  cityId: Math.floor(areaId / 100) * 100,
  creditBody,
  legalPerson: contact[0],
  contactName: contact[1],
  contactPhone: contact[2],
  address: contact[3],
  works,
});

export const REGION_ORGS: readonly RegionOrg[] = [
  // 唐山
  org('ORG130203001', '唐山冀东职业技能评价有限公司', 'eval', 3, 130203, '91130203MA0F2K7P3', ['王春生', '刘晓光', '13903150101', '唐山市路北区建设北路 126 号'], ['6-31-01-03', '6-18-02-04', '6-20-01-01', '6-31-01-02']),
  org('ORG130209001', '唐山国家职业技能鉴定所曹妃甸分所', 'eval', 101, 130209, '12130209MB0H3L5R8', ['李国良', '齐海涛', '13903150102', '唐山市曹妃甸区唐海路 18 号'], ['6-18-02-04', '6-31-01-03']),
  org('ORG130202001', '唐山市路南区启航职业培训学校', 'train', 103, 130202, '52130202MJ0C4N6T1', ['赵红梅', '马丽', '13903150103', '唐山市路南区新华西道 55 号'], ['4-03-02-01', '4-10-01-05', '4-10-01-06']),
  org('ORG130281001', '遵化市技工学校', 'train', 2, 130281, '12130281MB0J5Q7W2', ['孙占武', '崔建新', '13903150104', '遵化市华明路 9 号'], ['6-18-01-01', '4-12-01-01', '6-31-01-03']),
  org('ORG130207001', '唐山丰南瑞丰钢铁制品有限公司', 'enterprise', 0, 130207, '91130207MA0D6R8X4', ['张瑞丰', '郭立强', '13903150105', '唐山市丰南区沿海工业区瑞丰路 1 号'], ['6-18-02-04']),
  org('ORG130208001', '中钢集团唐山装备制造分公司', 'enterprise', 1, 130208, '91130208MA0E7T9Y5', ['周建平', '韩冬', '13903150106', '唐山市丰润区装备制造园区 3 号'], ['6-20-01-01', '6-31-01-02']),
  // 邯郸
  org('ORG130403001', '邯郸市丛台区鼎诚职业技能鉴定所', 'eval', 100, 130403, '52130403MJ0A8U1B6', ['常志刚', '牛晓燕', '13903100201', '邯郸市丛台区人民东路 210 号'], ['4-03-02-01', '4-10-01-05', '4-10-03-01']),
  org('ORG130402001', '邯郸市高级技工学校', 'eval', 2, 130402, '12130402MB0B9W2C7', ['郝建军', '申丽华', '13903100202', '邯郸市邯山区滏河北大街 88 号'], ['6-18-01-01', '6-18-01-02', '6-31-01-03']),
  org('ORG130481001', '武安市博远职业培训学校', 'train', 103, 130481, '52130481MJ0C1X3D8', ['靳博远', '魏红霞', '13903100203', '武安市新华大街 36 号'], ['4-10-01-06', '4-01-02-02']),
  org('ORG130406001', '邯郸峰峰恒泰煤机制造有限公司', 'enterprise', 0, 130406, '91130406MA0G2Y4E9', ['段恒泰', '焦志强', '13903100204', '邯郸市峰峰矿区滏阳东路 5 号'], ['6-18-02-04', '6-31-01-02']),
  org('ORG130404001', '中冶建工集团邯郸分公司', 'enterprise', 1, 130404, '91130404MA0H3A5F1', ['贾振华', '任建波', '13903100205', '邯郸市复兴区复兴路 400 号'], ['6-29-01-01', '6-18-02-04']),
  // 廊坊
  org('ORG131003001', '廊坊润才职业技能评价有限公司', 'eval', 3, 131003, '91131003MA0J4B6G2', ['吕润才', '卢佳', '13903160301', '廊坊市广阳区新华路 65 号'], ['4-04-05-05', '4-01-02-07', '4-04-04-02']),
  org('ORG131002001', '廊坊市国家职业技能鉴定所', 'eval', 101, 131002, '12131002MB0K5C7H3', ['黄卫国', '沈晓敏', '13903160302', '廊坊市安次区永兴路 21 号'], ['4-07-05-01', '4-07-05-04']),
  org('ORG131028001', '廊坊中英国际职业技能认证中心有限公司', 'eval', 102, 131028, '91131028MA0L6D8J4', ['米立新', '白雪', '13903160303', '大厂回族自治县祁各庄大街 17 号'], ['4-03-02-03', '4-03-02-04', '4-03-02-07']),
  org('ORG131082001', '三河市燕郊新航向职业培训学校', 'train', 103, 131082, '52131082MJ0M7E9K5', ['邱航', '石玉洁', '13903160304', '三河市燕郊开发区迎宾路 108 号'], ['4-10-01-03', '4-10-01-02']),
  org('ORG131022001', '固安京南电子科技有限公司', 'enterprise', 0, 131022, '91131022MA0N8F1L6', ['祝京南', '潘志远', '13903160305', '固安县工业园区南区锦绣大道 8 号'], ['6-30-99-00', '6-31-01-10']),
  // 沧州
  org('ORG130903001', '沧州运河职业技能评价有限公司', 'eval', 3, 130903, '91130903MA0P9G2M7', ['董运河', '钟丽娜', '13903170401', '沧州市运河区解放西路 99 号'], ['4-12-01-01', '6-18-02-04', '4-10-01-05']),
  org('ORG130982001', '任丘市华北职业技能鉴定所', 'eval', 100, 130982, '52130982MJ0Q1H3N8', ['康华北', '邢文博', '13903170402', '任丘市会战道 66 号'], ['6-31-01-03', '6-31-01-02']),
  org('ORG130902001', '沧州市高级技工学校', 'eval', 2, 130902, '12130902MB0R2J4P9', ['谭志勇', '彭晓梅', '13903170403', '沧州市新华区北京路 120 号'], ['6-18-01-01', '6-18-01-04', '4-12-01-01']),
  org('ORG130983001', '中化渤海石油化工黄骅分公司', 'enterprise', 1, 130983, '91130983MA0T3K5Q1', ['范海军', '丁晓东', '13903170404', '黄骅市渤海新区化工园区 2 号'], ['6-31-01-03', '6-31-01-02']),
  org('ORG130981001', '泊头市泊铸机械铸造有限公司', 'enterprise', 0, 130981, '91130981MA0U4L6R2', ['毛铸', '薛红军', '13903170405', '泊头市工业区交河路 7 号'], ['6-18-01-01', '6-18-02-04']),
  org('ORG130984001', '河间市巧手职业培训学校', 'train', 103, 130984, '52130984MJ0W5M7T3', ['施巧云', '殷静', '13903170406', '河间市瀛州路 42 号'], ['4-03-02-02', '4-10-01-06']),
  org('ORG130925001', '沧州中日国际职业能力评价中心有限公司', 'eval', 102, 130925, '91130925MA0X6N8U4', ['程国际', '金美玲', '13903170407', '盐山县千童大道 19 号'], ['4-10-01-05', '4-10-03-02']),
];

/** 备案机构库：上面的机构都登记在册，另有几家只登记、未在门户开户的单位 */
const EXTRA_RECORD_ORGS: readonly DemoRecordOrg[] = [
  { name: '唐山工业职业技术学院', uscc: creditCode('12130200MB0Y7P9W5'), orgType: 2, areaId: 130203, contactName: '葛志宏', contactPhone: '13903150199' },
  { name: '邯郸市职业技能鉴定指导中心', uscc: creditCode('12130400MB1A8Q1X6'), orgType: 101, areaId: 130403, contactName: '庞立军', contactPhone: '13903100299' },
  { name: '廊坊燕京职业技术学院', uscc: creditCode('12131000MB1B9R2Y7'), orgType: 2, areaId: 131003, contactName: '苗青', contactPhone: '13903160399' },
  { name: '沧州市运河区鑫诚家政服务有限公司', uscc: creditCode('91130903MA1C1T3A8'), orgType: 0, areaId: 130903, contactName: '邵鑫', contactPhone: '13903170499' },
];

/** 备案：[机构编码, 类别（0 技能等级认定 1 职业资格 2 专项能力 3 机关工勤）, 目标状态]，四市合起来覆盖 −1…8 全部状态 */
const REGION_FILINGS: readonly DemoFiling[] = [
  ['ORG130203001', 0, 8],
  ['ORG130203001', 2, 0],
  ['ORG130281001', 0, 2],
  ['ORG130208001', 0, 1],
  ['ORG130209001', 1, 8],
  ['ORG130403001', 1, 3],
  ['ORG130402001', 0, 4],
  ['ORG130404001', 0, 8],
  ['ORG130406001', 0, -1],
  ['ORG131028001', 1, 0],
  ['ORG131002001', 1, 5],
  ['ORG131003001', 0, 6],
  ['ORG131003001', 2, 7],
  ['ORG130903001', 0, 2],
  ['ORG130982001', 1, 8],
  ['ORG130982001', 3, 0],
  ['ORG130902001', 0, 1],
];

const p = (name: string, area: number, birth: string, seq: number, mobile: string, education: string, title: string, extra: Partial<SeedPerson> = {}): SeedPerson => ({
  name,
  area,
  birth,
  seq,
  mobile,
  education,
  title,
  ...extra,
});

// 顺序码奇数为男、偶数为女；尾数 9 的人不生成照片（演示“未上传照片”）
const PEOPLE: SeedPeopleGroups = {
  assessors: {
    ORG130203001: [
      p('王振国', 130203, '19760415', 213, '13933150001', '大学本科', '副高级', { works: ['6-31-01-03', '6-31-01-02'] }),
      p('李秀兰', 130202, '19830922', 224, '13933150002', '大学专科', '中级', { works: ['6-18-02-04'] }),
      p('张宏伟', 130207, '19710308', 235, '13933150003', '中专/技校', '正高级', { works: ['6-20-01-01', '6-18-02-04'] }),
      p('刘海波', 130281, '19800117', 247, '13933150004', '大学本科', '中级', { works: ['6-31-01-03'], stopped: '调离本单位' }),
    ],
    ORG130403001: [
      p('常建华', 130403, '19740603', 311, '13933100001', '大学本科', '副高级', { works: ['4-03-02-01'] }),
      p('牛素珍', 130402, '19850211', 322, '13933100002', '大学专科', '中级', { works: ['4-10-01-05'] }),
      p('郝文斌', 130481, '19790830', 339, '13933100003', '大学本科', '中级', { works: ['4-10-03-01', '4-03-02-01'] }),
    ],
    ORG131003001: [
      p('吕志远', 131003, '19820519', 413, '13933160001', '硕士研究生', '副高级', { works: ['4-04-05-05', '4-04-04-02'] }),
      p('卢晓静', 131002, '19870726', 424, '13933160002', '大学本科', '中级', { works: ['4-01-02-07'] }),
      p('沈国强', 131082, '19730212', 435, '13933160003', '大学本科', '正高级', { works: ['4-04-04-02'] }),
    ],
    ORG130903001: [
      p('董立新', 130903, '19770908', 511, '13933170001', '大学专科', '中级', { works: ['4-12-01-01'] }),
      p('钟雅琴', 130902, '19840314', 522, '13933170002', '大学本科', '中级', { works: ['4-10-01-05'] }),
      p('邢保国', 130982, '19690625', 533, '13933170003', '中专/技校', '副高级', { works: ['6-18-02-04', '4-12-01-01'] }),
      p('彭立军', 130984, '19900101', 549, '13933170004', '大学本科', '初级', { works: ['4-10-01-05'] }),
    ],
  },
  examStaff: {
    ORG130203001: [
      p('崔玉洁', 130203, '19910418', 262, '13933150011', '大学本科', '初级', { post: '考务主管' }),
      p('孟凡宇', 130205, '19940720', 271, '13933150012', '大学专科', '无', { post: '监考员' }),
    ],
    ORG130403001: [
      p('申晓宇', 130403, '19920505', 351, '13933100011', '大学本科', '无', { post: '考务主管' }),
      p('魏佳怡', 130404, '19960812', 364, '13933100012', '大学专科', '无', { post: '监考员', stopped: '个人申请暂停' }),
    ],
    ORG131003001: [
      p('白若溪', 131003, '19931126', 452, '13933160011', '大学本科', '初级', { post: '考务主管' }),
      p('石浩', 131022, '19950303', 461, '13933160012', '大学专科', '无', { post: '监考员' }),
    ],
    ORG130903001: [
      p('殷梦瑶', 130903, '19920909', 562, '13933170011', '大学本科', '初级', { post: '考务主管' }),
      p('金宇航', 130921, '19971015', 571, '13933170012', '大学专科', '无', { post: '监考员' }),
    ],
  },
  supervisors: {
    130200: [
      p('齐振东', 130203, '19720118', 611, '13933150021', '大学本科', '副高级', { post: '督导组长', workUnit: '唐山市人力资源和社会保障局' }),
      p('葛秀芳', 130202, '19810624', 622, '13933150022', '硕士研究生', '中级', { post: '督导员', workUnit: '唐山市职业技能鉴定指导中心', works: ['6-31-01-03'] }),
    ],
    130400: [
      p('庞建设', 130403, '19700407', 631, '13933100021', '大学本科', '正高级', { post: '督导组长', workUnit: '邯郸市人力资源和社会保障局' }),
      p('焦慧', 130402, '19850919', 642, '13933100022', '大学本科', '中级', { post: '督导员', workUnit: '邯郸职业技术学院' }),
    ],
    131000: [
      p('苗卫东', 131003, '19750830', 651, '13933160021', '大学本科', '副高级', { post: '督导组长', workUnit: '廊坊市人力资源和社会保障局' }),
      p('祝晓琳', 131002, '19880211', 662, '13933160022', '硕士研究生', '中级', { post: '督导员', workUnit: '廊坊市职业技能鉴定指导中心', stopped: '借调外单位' }),
    ],
    130900: [
      p('谭国庆', 130903, '19731001', 671, '13933170021', '大学专科', '副高级', { post: '督导组长', workUnit: '沧州市人力资源和社会保障局' }),
      p('范淑敏', 130902, '19830506', 682, '13933170022', '大学本科', '中级', { post: '督导员', workUnit: '沧州市职业技能鉴定指导中心' }),
    ],
  },
};

/** 考务分派记录里的市简称与考点 */
const PLACES: Record<number, { city: string; site: string }> = {
  130200: { city: '唐山', site: '唐山冀东评价中心考点' },
  130400: { city: '邯郸', site: '邯郸鼎诚鉴定所考点' },
  131000: { city: '廊坊', site: '廊坊润才评价中心考点' },
  130900: { city: '沧州', site: '沧州运河评价中心考点' },
};

/** 机构按编码新增或更新；可开展工种只补缺失的（名称取自职业目录） */
async function seedRegionOrgs(db: Db): Promise<void> {
  const rows = await db
    .insert(organisations)
    .values(
      REGION_ORGS.map((o) => ({
        code: o.code,
        name: o.name,
        category: o.category,
        orgType: o.orgType,
        areaId: o.areaId,
        cityId: o.cityId,
        unifiedSocialCreditCode: creditCode(o.creditBody),
        legalPerson: o.legalPerson,
        contactName: o.contactName,
        contactPhone: o.contactPhone,
        address: o.address,
      })),
    )
    .onConflictDoUpdate({
      target: organisations.code,
      set: {
        name: sql.raw('excluded.name'),
        category: sql.raw('excluded.category'),
        orgType: sql.raw('excluded.org_type'),
        areaId: sql.raw('excluded.area_id'),
        cityId: sql.raw('excluded.city_id'),
        unifiedSocialCreditCode: sql.raw('excluded.unified_social_credit_code'),
        legalPerson: sql.raw('excluded.legal_person'),
        contactName: sql.raw('excluded.contact_name'),
        contactPhone: sql.raw('excluded.contact_phone'),
        address: sql.raw('excluded.address'),
      },
    })
    .returning({ id: organisations.id, code: organisations.code });
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  const workName = new Map((await db.select({ code: baseWorks.code, name: baseWorks.name }).from(baseWorks)).map((w) => [w.code, w.name]));
  const works = REGION_ORGS.flatMap((o) =>
    o.works.filter((w) => workName.has(w)).map((w) => ({ orgId: idOf.get(o.code)!, workCode: w, workName: workName.get(w)! })),
  );
  if (works.length) await db.insert(organisationWorks).values(works).onConflictDoNothing();
}

export async function seedMoreCities(db: Db): Promise<void> {
  await seedRegionOrgs(db);
  await seedRecordOrgs(db, [
    ...REGION_ORGS.map((o) => ({
      name: o.name,
      uscc: creditCode(o.creditBody),
      orgType: o.orgType,
      areaId: o.areaId,
      contactName: o.contactName,
      contactPhone: o.contactPhone,
    })),
    ...EXTRA_RECORD_ORGS,
  ]);
  // 序号接在石家庄、保定的 12 份演示备案之后：时间与所选工种随之错开，且办理时间都在过去
  await seedDemoFilings(db, REGION_FILINGS, 12);
  await seedPeople(db, PEOPLE, PLACES);
}
