// 教师表单（SPEC §5）的每条规则与原文消息：服务端用的就是表单的那一份 zod（TeacherSaveInput），
// 另有只在服务端才能查的：区划链、主管单位在区划内、上班单位存在、证书工种存在、同一身份证号只登记一次。
import { describe, expect, it } from 'vitest';
import { setupTestDb } from '../../helpers/db';
import { TeacherSaveInput, TEACHER_MESSAGES, PROOF_KIND_OF_USER_TYPE, CERT_KIND } from '@/lib/domains/teacher/schemas';
import { CERT_FILE, client, newIdCard, validTeacher } from './helpers';

setupTestDb();
const { get, post } = client();

type Fields = { fields: Record<string, string> };
const save = (body: Record<string, unknown>) => post<Fields>('train_org', '/teacher/save', body);

describe('教师表单：必填项的原文消息', () => {
  it('什么都不填：每一项都给出 SPEC §5 的消息', async () => {
    const res = await save({});
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toMatchObject({
      teacherTmg: '请上传教师头像',
      nickName: '请输入用户名',
      realName: '请输入真实姓名',
      userType: '请选择教师类型',
      cardNo: '请输入正确的身份证号',
      userPhone: '请输入手机号',
      userEmail: '请输入常用邮箱',
      region: '请选择行政区划',
      competentCode: '请选择主管单位',
      teacherType: '请选择师资类型',
      teacherContent: '请输入简介描述',
      createUserCode: '请选择上班单位',
    });
  });

  it('空白与空值同样视为没填', async () => {
    const res = await save(validTeacher({ teacherTmg: '', nickName: '  ', realName: null, userType: '', teacherContent: ' ', createUserCode: '' }));
    expect(res.body.data.fields).toMatchObject({
      teacherTmg: '请上传教师头像',
      nickName: '请输入用户名',
      realName: '请输入真实姓名',
      userType: '请选择教师类型',
      teacherContent: '请输入简介描述',
      createUserCode: '请选择上班单位',
    });
  });
});

describe('身份证号、手机号、邮箱、区划', () => {
  it('身份证号：只收校验位正确的 18 位，15 位、校验位错、日期不存在都是“请输入正确的身份证号”', async () => {
    const good = newIdCard();
    const wrongCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    for (const cardNo of [wrongCheck, '130105880211501', '130105198802301234', '12345']) {
      const res = await save(validTeacher({ cardNo }));
      expect(res.body.data.fields?.cardNo, cardNo).toBe('请输入正确的身份证号');
    }
  });

  it('手机号：1 开头、第二位 3–9、共 11 位，否则“手机号格式有误，请重新输入”', async () => {
    for (const userPhone of ['12912345678', '1391234567', '139123456789', '1391234567a']) {
      const res = await save(validTeacher({ userPhone }));
      expect(res.body.data.fields?.userPhone, userPhone).toBe('手机号格式有误，请重新输入');
    }
  });

  it('邮箱格式不对', async () => {
    const res = await save(validTeacher({ userEmail: 'not-an-email' }));
    expect(res.body.data.fields?.userEmail).toBe('邮箱格式不正确');
  });

  it('行政区划至少选到省和市', async () => {
    for (const region of [[130000, null, null], [130000], null]) {
      const res = await save(validTeacher({ region }));
      expect(res.body.data.fields?.region, JSON.stringify(region)).toBe('请选择行政区划');
    }
  });

  it('区划不是上下级链：请选择行政区划', async () => {
    const res = await save(validTeacher({ region: [130000, 130600, 130105] }));
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.region).toBe('请选择行政区划');
  });

  it('主管单位须在所选区划内（换了市，原来的主管单位不再可选）', async () => {
    const res = await save(validTeacher({ region: [130000, 130600, null], competentCode: 'ADM130105' }));
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.competentCode).toBe('请选择主管单位');
    const listed = await get<{ code: string }[]>('train_org', '/teacher/competent', { region: '130000,130600,' });
    expect(listed.body.data.map((c) => c.code)).toEqual(['ADM130000', 'ADM130600']);
    const sjz = await get<{ code: string }[]>('train_org', '/teacher/competent', { region: '130000,130100,130105' });
    expect(sjz.body.data.map((c) => c.code)).toEqual(['ADM130000', 'ADM130100', 'ADM130105']);
  });

  it('上班单位须是存在的培训机构或企业', async () => {
    const res = await save(validTeacher({ createUserCode: 'ORG130105001,NOPE' }));
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.createUserCode).toBe('请选择上班单位');
  });
});

describe('教师类型与证书', () => {
  it('类型 2（职业院校讲师）须有讲师证明，类型 3（企业师傅）须有企业师傅证明，类型 1 不需要', async () => {
    expect(PROOF_KIND_OF_USER_TYPE).toEqual({ 2: CERT_KIND.LECTURER_PROOF, 3: CERT_KIND.MASTER_PROOF });
    expect((await save(validTeacher({ userType: 2 }))).body.data.fields?.sysTeacherCertificateList).toBe(TEACHER_MESSAGES.lecturerProof);
    expect((await save(validTeacher({ userType: 3 }))).body.data.fields?.sysTeacherCertificateList).toBe(TEACHER_MESSAGES.masterProof);
    // 证明不对应也不行
    const wrong = await save(validTeacher({ userType: 2, sysTeacherCertificateList: [{ certificateName: CERT_KIND.MASTER_PROOF, resStoreFile: CERT_FILE }] }));
    expect(wrong.body.data.fields?.sysTeacherCertificateList).toBe(TEACHER_MESSAGES.lecturerProof);
    const ok = await save(validTeacher({ userType: 2, sysTeacherCertificateList: [{ certificateName: CERT_KIND.LECTURER_PROOF, resStoreFile: CERT_FILE }] }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const none = await save(validTeacher({ userType: 1 }));
    expect(none.status, JSON.stringify(none.body)).toBe(200);
  });

  it('证书行：名称、编号、工种、等级（TYPE_PRIMARY…TYPE_SENIOR_ATTIFICER）、职称类别与职称等级、证书图片', async () => {
    const res = await save(
      validTeacher({
        sysTeacherCertificateList: [
          {},
          { certificateName: CERT_KIND.SKILL, resStoreFile: CERT_FILE },
          { certificateName: CERT_KIND.SKILL, certificateCode: 'Z1', wordId: '6-31-01-03', typeLevel: 'TYPE_MASTER', resStoreFile: CERT_FILE },
          { certificateName: CERT_KIND.TITLE, certificateCode: 'Z2', wordId: 'SPACE', typeLevel: '3', resStoreFile: CERT_FILE },
        ],
      }),
    );
    expect(res.body.data.fields).toMatchObject({
      'sysTeacherCertificateList.0.certificateName': '请选择证书名称',
      'sysTeacherCertificateList.0.resStoreFile': '请上传证书图片',
      'sysTeacherCertificateList.1.certificateCode': '请输入证书编号',
      'sysTeacherCertificateList.1.wordId': '请选择工种',
      'sysTeacherCertificateList.1.typeLevel': '请选择证书等级',
      'sysTeacherCertificateList.2.typeLevel': '请选择证书等级',
      'sysTeacherCertificateList.3.wordId': '请选择职称类别',
      'sysTeacherCertificateList.3.typeLevel': '请选择职称等级',
    });
  });

  it('证书的工种须在职业目录里', async () => {
    const res = await save(validTeacher({ sysTeacherCertificateList: [{ certificateName: CERT_KIND.SKILL, certificateCode: 'Z1', wordId: '9-99-99-99', typeLevel: 'TYPE_SENIOR', resStoreFile: CERT_FILE }] }));
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('证书的工种不存在：9-99-99-99');
  });

  it('证书图片须是经本系统上传的文件', async () => {
    const res = await save(validTeacher({ teacherTmg: 'https://example.com/a.png' }));
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toMatch(/文件地址不正确/);
  });
});

describe('同一份 zod 驱动表单与服务端', () => {
  it('表单逐项校验用的 shape 与服务端的消息相同', () => {
    const shape = TeacherSaveInput.shape;
    expect(shape.cardNo.safeParse('123').error?.issues[0].message).toBe('请输入正确的身份证号');
    expect(shape.userPhone.safeParse('12345678901').error?.issues[0].message).toBe('手机号格式有误，请重新输入');
    expect(shape.teacherTmg.safeParse('').error?.issues[0].message).toBe('请上传教师头像');
  });

  it('同一身份证号只登记一次', async () => {
    const cardNo = newIdCard();
    expect((await save(validTeacher({ cardNo }))).status).toBe(200);
    const dup = await save(validTeacher({ cardNo }));
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('该身份证号的教师已在师资库中');
  });

  it('审核意见必填：请输入审核意见', async () => {
    const res = await post<Fields>('sjz_admin', '/teacher/auditNew', { ids: [1], auditStatus: 1, auditOpinion: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.auditOpinion).toBe('请输入审核意见');
  });
});
