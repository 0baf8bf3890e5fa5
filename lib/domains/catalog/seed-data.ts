// 演示目录：《中华人民共和国职业分类大典》(2022) 中常见的评价职业及其国家职业技能标准开设的等级。
// 这些职业的工种即职业本身（工种编码 = 职业编码）。等级：5 五级/初级工 … 1 一级/高级技师。
// 专项职业能力为河北地方开发的考核项目，编码为本系统的地方编码（HBZX 开头），不是国家编码。

const ALL = [5, 4, 3, 2, 1];

export interface SeedJob {
  code: string;
  name: string;
  levels: number[];
}

export const SEED_JOBS: readonly SeedJob[] = [
  // 4 社会生产服务和生活服务人员
  { code: '4-01-02-01', name: '营销员', levels: ALL },
  { code: '4-01-02-02', name: '电子商务师', levels: ALL },
  { code: '4-01-02-07', name: '互联网营销师', levels: ALL },
  { code: '4-03-01-01', name: '前厅服务员', levels: ALL },
  { code: '4-03-01-02', name: '客房服务员', levels: ALL },
  { code: '4-03-02-01', name: '中式烹调师', levels: ALL },
  { code: '4-03-02-02', name: '中式面点师', levels: ALL },
  { code: '4-03-02-03', name: '西式烹调师', levels: ALL },
  { code: '4-03-02-04', name: '西式面点师', levels: ALL },
  { code: '4-03-02-05', name: '餐厅服务员', levels: ALL },
  { code: '4-03-02-07', name: '茶艺师', levels: ALL },
  { code: '4-04-04-01', name: '信息通信网络运行管理员', levels: ALL },
  { code: '4-04-04-02', name: '网络与信息安全管理员', levels: ALL },
  { code: '4-04-05-01', name: '计算机程序设计员', levels: [4, 3, 2, 1] },
  { code: '4-04-05-02', name: '计算机软件测试员', levels: [4, 3, 2, 1] },
  { code: '4-04-05-05', name: '人工智能训练师', levels: ALL },
  { code: '4-07-03-02', name: '企业人力资源管理师', levels: [4, 3, 2, 1] },
  { code: '4-07-05-01', name: '保安员', levels: ALL },
  { code: '4-07-05-04', name: '消防设施操作员', levels: ALL },
  { code: '4-10-01-02', name: '育婴员', levels: [5, 4, 3] },
  { code: '4-10-01-03', name: '保育师', levels: ALL },
  { code: '4-10-01-05', name: '养老护理员', levels: ALL },
  { code: '4-10-01-06', name: '家政服务员', levels: ALL },
  { code: '4-10-03-01', name: '美发师', levels: ALL },
  { code: '4-10-03-02', name: '美容师', levels: ALL },
  { code: '4-12-01-01', name: '汽车维修工', levels: ALL },
  { code: '4-14-02-01', name: '公共营养师', levels: [4, 3, 2, 1] },
  { code: '4-14-02-02', name: '健康管理师', levels: [3, 2, 1] },
  { code: '4-14-04-01', name: '眼镜验光员', levels: ALL },
  { code: '4-14-04-02', name: '眼镜定配工', levels: ALL },
  // 6 生产制造及有关人员
  { code: '6-18-01-01', name: '车工', levels: ALL },
  { code: '6-18-01-02', name: '铣工', levels: ALL },
  { code: '6-18-01-03', name: '刨插工', levels: [5, 4, 3] },
  { code: '6-18-01-04', name: '磨工', levels: ALL },
  { code: '6-18-01-05', name: '镗工', levels: ALL },
  { code: '6-18-01-06', name: '钻床工', levels: [5, 4, 3] },
  { code: '6-18-01-07', name: '多工序数控机床操作调整工', levels: [4, 3, 2, 1] },
  { code: '6-18-02-04', name: '焊工', levels: ALL },
  { code: '6-20-01-01', name: '装配钳工', levels: ALL },
  { code: '6-20-01-02', name: '工具钳工', levels: ALL },
  { code: '6-29-01-01', name: '砌筑工', levels: ALL },
  { code: '6-30-99-00', name: '工业机器人系统操作员', levels: ALL },
  { code: '6-31-01-02', name: '机修钳工', levels: ALL },
  { code: '6-31-01-03', name: '电工', levels: ALL },
  { code: '6-31-01-10', name: '工业机器人系统运维员', levels: ALL },
];

export const SEED_SPECIAL_SKILLS: readonly { code: string; name: string; jobCode?: string; description: string }[] = [
  { code: 'HBZX0001', name: '驴肉火烧制作', jobCode: '4-03-02-02', description: '河北保定、河间特色面点，面坯制作、驴肉卤制与火烧烤制' },
  { code: 'HBZX0002', name: '中式面点制作', jobCode: '4-03-02-02', description: '常见发酵面团、水调面团面点的制作' },
  { code: 'HBZX0003', name: '家庭保洁', jobCode: '4-10-01-06', description: '居室清洁、家具家电与厨卫保洁' },
  { code: 'HBZX0004', name: '母婴护理', jobCode: '4-10-01-02', description: '产妇与新生儿的日常生活照护' },
  { code: 'HBZX0005', name: '老年人生活照护', jobCode: '4-10-01-05', description: '居家与社区老年人的饮食、清洁、睡眠照护' },
  { code: 'HBZX0006', name: '网店运营', jobCode: '4-01-02-02', description: '网店开设、商品上架、客服与订单处理' },
  { code: 'HBZX0007', name: '手工编织', description: '草编、柳编等传统手工编织制品制作' },
  { code: 'HBZX0008', name: '电动自行车维修', description: '电动自行车电机、电池、控制器的检修' },
];

/** 演示机构开展的工种（只给还没有任何工种的演示机构写入） */
export const SEED_ORG_WORKS: Record<string, string[]> = {
  ORG130102001: ['6-31-01-03', '6-18-02-04', '6-18-01-01', '4-03-02-01', '4-10-01-05'],
  ORG130105001: ['4-10-01-06', '4-10-01-02', '4-03-02-02', '4-01-02-02'],
  ORG130606001: ['6-31-01-03', '4-07-05-01', '4-07-05-04', '4-12-01-01'],
  ORG130602001: ['4-10-03-01', '4-03-02-07', '4-10-01-03'],
};
