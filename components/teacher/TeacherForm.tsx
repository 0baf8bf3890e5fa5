'use client';
// 教师登记与修改弹窗（SPEC §5 Teacher form、§4 Teacher record）。校验用服务端同一份 zod（TeacherFields 逐项、TeacherSaveInput 整体），
// 消息是 SPEC 原文。区划变了重新加载主管单位，已选的不在其中即清空；教师类型变了清空证书，类型 2、3 预置一行对应的证明；
// 审核通过的教师，lockedFields 里的字段不可改。成功提示“系统消息”“操作成功！”。
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Modal, Row, Select, Space, Spin, type ButtonProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import RegionPicker, { type RegionValue } from '@/components/RegionPicker';
import { Uploader } from '@/components/upload/Uploader';
import { UploadBusyContext } from '@/components/upload/busy';
import { ApiClientError, apiGet, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import {
  CERT_KIND,
  CERT_LEVEL_LABEL,
  CertificateInput,
  certificateRules,
  PROOF_KIND_OF_USER_TYPE,
  TeacherFields,
  TeacherSaveInput,
  TITLE_CATEGORY_LABEL,
  TITLE_LEVEL_LABEL,
  WORK_CERT_KINDS,
} from '@/lib/domains/teacher/schemas';
import { CERT_NAME_OPTIONS, optionsOf, TEACHER_TYPE_OPTIONS, USER_TYPE_OPTIONS } from './shared';

interface Unit {
  code: string;
  name: string;
}

const LEVEL_OPTIONS = optionsOf(CERT_LEVEL_LABEL);
const TITLE_LEVEL_OPTIONS = Object.entries(TITLE_LEVEL_LABEL).map(([value, label]) => ({ value, label }));
const TITLE_CATEGORY_OPTIONS = optionsOf(TITLE_CATEGORY_LABEL);

/** 一项的校验：跑服务端同一份 zod（空值也跑，必填消息即 SPEC 原文） */
function zodField(schema: z.ZodType, t: (s: string) => string) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const r = await schema.safeParseAsync(value === null ? undefined : value);
      if (!r.success) throw new Error(t(r.error.issues[0]?.message ?? '格式不正确'));
    },
  };
}

/** 服务端字段错误的键 'a.0.b' → 表单项路径 ['a', 0, 'b'] */
const pathOf = (key: string) => key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

const regionKey = (r: unknown) => (Array.isArray(r) ? r.map((x) => x ?? '').join(',') : '');

export interface TeacherFormProps {
  /** 修改的教师 id；新登记时为 null（弹窗随挂载打开、随卸载关闭） */
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function TeacherForm({ id, onClose, onSaved }: TeacherFormProps) {
  const t = useT();
  const { notification } = App.useApp();
  const [form] = Form.useForm();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState<string[]>([]);
  const [competent, setCompetent] = useState<Unit[]>([]);
  const [units, setUnits] = useState<Unit[]>([]);
  const [works, setWorks] = useState<{ workCode: string; workName: string }[]>([]);
  const [uploading, setUploading] = useState(0);
  const reportUploading = useCallback((delta: number) => setUploading((n) => n + delta), []);
  const loadedRegion = useRef<string | null>(null);

  const region = Form.useWatch('region', form) as RegionValue | undefined;
  const userType = Form.useWatch('userType', form) as number | undefined;

  // 打开时取表单数据（修改：教师与不可改的字段；新登记：默认区划与上班单位）
  useEffect(() => {
    let alive = true;
    apiGet('/teacher/form', id ? { id } : {})
      .then((d) => {
        if (!alive) return;
        if (d.teacher) {
          const tch = d.teacher;
          setLocked(tch.lockedFields);
          setUnits(tch.units);
          form.setFieldsValue({
            teacherTmg: tch.teacherTmg,
            nickName: tch.nickName,
            realName: tch.realName,
            userType: tch.userType,
            cardNo: tch.cardNo,
            userPhone: tch.userPhone,
            userEmail: tch.userEmail,
            region: tch.region,
            competentCode: tch.competentCode,
            teacherType: tch.teacherType,
            teacherContent: tch.teacherContent,
            createUserCode: tch.units.map((u) => u.code),
            sysTeacherCertificateList: tch.sysTeacherCertificateList.map((c) => ({
              certificateName: c.certificateName,
              certificateCode: c.certificateCode,
              wordId: c.wordId,
              typeLevel: c.typeLevel,
              resStoreFile: c.resStoreFile,
              certificatePosterUrl: c.certificatePosterUrl,
            })),
          });
          setWorks(tch.sysTeacherCertificateList.filter((c) => WORK_CERT_KINDS.includes(c.certificateName) && c.wordId).map((c) => ({ workCode: c.wordId!, workName: c.wordName ?? c.wordId! })));
        } else {
          setLocked([]);
          setUnits(d.defaults?.units ?? []);
          form.setFieldsValue({ region: d.defaults?.region ?? undefined, createUserCode: d.defaults?.units.map((u) => u.code) ?? [], sysTeacherCertificateList: [] });
        }
      })
      .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : t('list.form.loadFailed')))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [id, form, t]);

  // 区划变了：重新加载主管单位；已选的不在新列表里即清空
  useEffect(() => {
    const key = regionKey(region);
    if (!Array.isArray(region) || !region[1] || key === loadedRegion.current) return;
    loadedRegion.current = key;
    let alive = true;
    apiGet('/teacher/competent', { region: key }, { silent: true }).then(
      (list) => {
        if (!alive) return;
        setCompetent(list);
        const chosen = form.getFieldValue('competentCode') as string | undefined;
        if (chosen && !list.some((c) => c.code === chosen)) form.setFieldValue('competentCode', undefined);
      },
      () => alive && setCompetent([]),
    );
    return () => {
      alive = false;
    };
  }, [region, form]);

  const searchUnits = (keyword: string) =>
    apiGet('/teacher/units', { keyword }, { silent: true }).then(
      (list) => setUnits((old) => [...old.filter((u) => (form.getFieldValue('createUserCode') as string[] | undefined)?.includes(u.code)), ...list.filter((u) => !old.some((o) => o.code === u.code))]),
      () => undefined,
    );
  const searchWorks = (keyword: string) =>
    apiPost('/comApi/getAllWorks', { keyword }, { silent: true }).then(
      (list) => setWorks((old) => [...old, ...list.filter((w) => !old.some((o) => o.workCode === w.workCode))].slice(0, 200)),
      () => undefined,
    );
  useEffect(() => {
    // 打开时取一次常用工种
    void searchWorks('');
  }, []);

  /** 教师类型变了：清空证书；类型 2、3 预置一行对应的证明，类型 1 不需要 */
  const onUserTypeChange = (value: number) => {
    const proof = PROOF_KIND_OF_USER_TYPE[value];
    form.setFieldValue('sysTeacherCertificateList', proof === undefined ? [] : [{ certificateName: proof }]);
  };

  const isLocked = (name: string) => locked.includes(name);
  /** 证书列表整体的规则（类型 2、3 须有对应的证明）：同一份 certificateRules */
  const proofRule = {
    validator: async (_: unknown, list: { certificateName: number }[] | undefined) => {
      let message: string | null = null;
      certificateRules({ userType: form.getFieldValue('userType') as number, sysTeacherCertificateList: list ?? [] }, (_path, m) => (message ??= m));
      if (message) throw new Error(t(message));
    },
  };
  const rules = (name: keyof typeof TeacherFields.shape) => [zodField(TeacherFields.shape[name], t)];
  const certRule = (name: keyof typeof CertificateInput.shape) => [zodField(CertificateInput.shape[name], t)];

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    // 整体规则（证书行的条件必填、类型与证明）：同一份 TeacherSaveInput
    const parsed = TeacherSaveInput.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.filter((i) => i.path.length !== 1 || i.path[0] !== 'sysTeacherCertificateList').map((i) => ({ name: i.path as (string | number)[], errors: [t(i.message)] })));
      return;
    }
    if (uploading > 0) return;
    setSaving(true);
    setError(null);
    try {
      // 与服务端同一份 TeacherSaveInput 已校验通过：原值即接口的输入
      const body = values as z.input<typeof TeacherSaveInput>;
      await (id ? apiPost('/teacher/update', { ...body, id }, { silent: true }) : apiPost('/teacher/save', body, { silent: true }));
      notification.success({ title: t('系统消息'), description: t('操作成功！') });
      onSaved();
    } catch (err) {
      const fields = err instanceof ApiClientError ? Object.entries(err.fields).filter(([k]) => k !== 'sysTeacherCertificateList') : [];
      if (fields.length) form.setFields(fields.map(([k, msg]) => ({ name: pathOf(k), errors: [msg] })));
      else setError(err instanceof Error ? err.message : t('list.form.requestFailed'));
    } finally {
      setSaving(false);
    }
  };

  const competentOptions = useMemo(() => competent.map((c) => ({ value: c.code, label: c.name })), [competent]);
  const unitOptions = useMemo(() => units.map((u) => ({ value: u.code, label: u.name })), [units]);
  const workOptions = useMemo(() => works.map((w) => ({ value: w.workCode, label: `${w.workName}（${w.workCode}）` })), [works]);
  const proofKind = userType === undefined ? undefined : PROOF_KIND_OF_USER_TYPE[userType];

  return (
    <Modal
      open
      title={t(id ? '修改教师' : '登记教师')}
      width={980}
      okText={t('list.common.ok')}
      cancelText={t('list.common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading || uploading > 0, 'data-testid': 'teacher-form-ok' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        {locked.length > 0 && <Alert type="info" showIcon title={t('教师已审核通过：只能修改手机号、邮箱、简介、头像与上班单位')} style={{ marginBottom: 12 }} />}
        <UploadBusyContext.Provider value={reportUploading}>
          <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} labelWrap autoComplete="off" data-testid="teacher-form">
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item name="teacherTmg" label={t('教师头像')} required rules={rules('teacherTmg')}>
                  <Uploader purpose="image" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="nickName" label={t('用户名')} required rules={rules('nickName')}>
                  <Input maxLength={64} disabled={isLocked('nickName')} data-testid="teacher-nickName" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="realName" label={t('真实姓名')} required rules={rules('realName')}>
                  <Input maxLength={64} disabled={isLocked('realName')} data-testid="teacher-realName" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="userType" label={t('教师类型')} required rules={rules('userType')}>
                  <Select options={USER_TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} disabled={isLocked('userType')} onChange={onUserTypeChange} placeholder={t('请选择教师类型')} data-testid="teacher-userType" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="teacherType" label={t('师资类型')} required rules={rules('teacherType')}>
                  <Select options={TEACHER_TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} disabled={isLocked('teacherType')} placeholder={t('请选择师资类型')} data-testid="teacher-teacherType" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="cardNo" label={t('身份证号')} required rules={rules('cardNo')} validateTrigger="onBlur">
                  <Input maxLength={18} disabled={isLocked('cardNo')} data-testid="teacher-cardNo" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="userPhone" label={t('手机号')} required rules={rules('userPhone')} validateTrigger="onBlur">
                  <Input maxLength={11} data-testid="teacher-userPhone" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="userEmail" label={t('常用邮箱')} required rules={rules('userEmail')} validateTrigger="onBlur">
                  <Input maxLength={100} data-testid="teacher-userEmail" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="region" label={t('行政区划')} required rules={rules('region')}>
                  <RegionPicker disabled={isLocked('region')} id="teacher-region" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="competentCode" label={t('主管单位')} required rules={rules('competentCode')}>
                  <Select options={competentOptions} disabled={isLocked('competentCode')} placeholder={t('请选择主管单位')} notFoundContent={t('请先选择行政区划')} data-testid="teacher-competent" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="createUserCode" label={t('上班单位')} required rules={rules('createUserCode')}>
                  <Select mode="multiple" showSearch={{ filterOption: false, onSearch: (v) => void searchUnits(v) }} options={unitOptions} placeholder={t('请选择上班单位')} data-testid="teacher-units" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="teacherContent" label={t('简介描述')} required rules={rules('teacherContent')}>
                  <Input.TextArea rows={3} maxLength={2000} showCount data-testid="teacher-content" />
                </Form.Item>
              </Col>
            </Row>
            <Form.List name="sysTeacherCertificateList" rules={[proofRule]}>
              {(fields, { add, remove }, { errors }) => (
                <Card
                  size="small"
                  title={t('证书')}
                  extra={
                    !isLocked('sysTeacherCertificateList') && (
                      <Button size="small" icon={<PlusOutlined />} onClick={() => add({ certificateName: proofKind })} data-testid="teacher-cert-add">
                        {t('添加证书')}
                      </Button>
                    )
                  }
                  data-testid="teacher-cert-list"
                >
                  {fields.length === 0 && <div style={{ color: 'var(--ant-color-text-tertiary)' }}>{t(proofKind === undefined ? '该教师类型不需要证书，可按需添加' : '请添加证书')}</div>}
                  <Space orientation="vertical" style={{ width: '100%' }} size={8}>
                    {fields.map((field) => (
                      <CertificateRow
                        key={field.key}
                        index={field.name}
                        disabled={isLocked('sysTeacherCertificateList')}
                        onRemove={() => remove(field.name)}
                        rules={certRule}
                        workOptions={workOptions}
                        onSearchWorks={(v) => void searchWorks(v)}
                      />
                    ))}
                  </Space>
                  <Form.ErrorList errors={errors} />
                </Card>
              )}
            </Form.List>
          </Form>
        </UploadBusyContext.Provider>
      </Spin>
    </Modal>
  );
}

function CertificateRow({
  index,
  disabled,
  onRemove,
  rules,
  workOptions,
  onSearchWorks,
}: {
  index: number;
  disabled: boolean;
  onRemove: () => void;
  rules: (name: keyof typeof CertificateInput.shape) => { validator: (r: unknown, v: unknown) => Promise<void> }[];
  workOptions: { value: string; label: string }[];
  onSearchWorks: (v: string) => void;
}) {
  const t = useT();
  const kind = Form.useWatch(['sysTeacherCertificateList', index, 'certificateName']) as number | undefined;
  const work = kind !== undefined && WORK_CERT_KINDS.includes(kind);
  const title = kind === CERT_KIND.TITLE;
  return (
    <Card size="small" styles={{ body: { paddingBottom: 0 } }} data-testid="teacher-cert-row">
      <Row gutter={12} align="top">
        <Col span={7}>
          <Form.Item name={[index, 'certificateName']} label={t('证书名称')} rules={rules('certificateName')} labelCol={{ span: 24 }}>
            <Select options={CERT_NAME_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} disabled={disabled} placeholder={t('请选择证书名称')} data-testid="teacher-cert-name" />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item name={[index, 'certificateCode']} label={t('证书编号')} labelCol={{ span: 24 }}>
            <Input maxLength={64} disabled={disabled} />
          </Form.Item>
        </Col>
        {(work || title) && (
          <Col span={6}>
            <Form.Item name={[index, 'wordId']} label={t(title ? '职称类别' : '工种')} labelCol={{ span: 24 }}>
              {title ? (
                <Select options={TITLE_CATEGORY_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} disabled={disabled} />
              ) : (
                <Select showSearch={{ filterOption: false, onSearch: onSearchWorks }} options={workOptions} disabled={disabled} />
              )}
            </Form.Item>
          </Col>
        )}
        {(work || title) && (
          <Col span={4}>
            <Form.Item name={[index, 'typeLevel']} label={t(title ? '职称等级' : '等级')} labelCol={{ span: 24 }}>
              <Select options={(title ? TITLE_LEVEL_OPTIONS : LEVEL_OPTIONS).map((o) => ({ ...o, label: t(o.label) }))} disabled={disabled} />
            </Form.Item>
          </Col>
        )}
        {!disabled && (
          <Col flex="none" style={{ marginLeft: 'auto', paddingTop: 30 }}>
            <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('删除证书')} />
          </Col>
        )}
        <Col span={24}>
          <Form.Item name={[index, 'resStoreFile']} label={t('证书图片')} rules={rules('resStoreFile')} labelCol={{ span: 24 }}>
            <Uploader purpose="image" disabled={disabled} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
