'use client';
// 免登录单页（SPEC §2，链接带令牌，见 lib/domains/certificate/candidate.ts）：报考资格核对（entryQualification）、
// 报名信息提交或更正（informnationForm）、信息回执（informationBack）、专项能力计划的报名数据（只读）。窄屏可读。
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Result, Select, Space, Spin, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { apiPost, callConfigured } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { CandidateView } from '@/lib/domains/certificate/candidate';
import { EDUCATIONS } from '@/lib/domains/examinee/constants';
import type { PostPath } from '@/components/api-contract';

type View = Omit<CandidateView, 'examinee'> & { examinee: Omit<CandidateView['examinee'], 'updatedAt'> & { updatedAt: string } };
const QUALIFICATION_COLOR: Record<number, string> = { 0: 'success', 1: 'warning', 2: 'error' };
const LEVELS = [
  { value: 1, label: '一级/高级技师' },
  { value: 2, label: '二级/技师' },
  { value: 3, label: '三级/高级工' },
  { value: 4, label: '四级/中级工' },
  { value: 5, label: '五级/初级工' },
];

function Shell({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="allow-narrow" style={{ maxWidth: 720, margin: '16px auto', padding: '0 12px' }} data-testid={testId}>
      <Card title={t(title)}>{children}</Card>
    </div>
  );
}

/** 链接里没有令牌：不必问服务端（答复只会是错误，浏览器控制台还会记一条失败的请求），直接说明 */
const NO_TOKEN = '链接无效：请使用评价机构发给您的完整链接';

function useLoad<T>(path: PostPath, token: string) {
  const t = useT();
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: token ? null : t(NO_TOKEN) });
  useEffect(() => {
    if (!token) return;
    callConfigured<T>('POST', path, { token }, { silent: true }).then(
      (data) => setState({ data, error: null }),
      (err: unknown) => setState({ data: null, error: err instanceof Error ? err.message : 'error' }),
    );
  }, [path, token]);
  return [state, (data: T) => setState({ data, error: null })] as const;
}

function Failed({ message }: { message: string }) {
  return <Result status="warning" title={message} data-testid="single-error" />;
}

/** 计划的几行（Descriptions 只认直接的 Item 子元素，所以返回数组而不是组件） */
function planItems(plan: View['plan'], t: ReturnType<typeof useT>) {
  return [
    <Descriptions.Item key="plan" label={t('考试计划')}>
      {plan.name}（{plan.code}）
    </Descriptions.Item>,
    <Descriptions.Item key="org" label={t('评价机构')}>
      {plan.orgName}
    </Descriptions.Item>,
    <Descriptions.Item key="date" label={t('考试日期')}>
      {plan.examStartDate} ~ {plan.examEndDate}
    </Descriptions.Item>,
    <Descriptions.Item key="position" label={t('计划进度')}>
      {plan.position}
    </Descriptions.Item>,
  ];
}

function QualificationTag({ e }: { e: View['examinee'] }) {
  const t = useT();
  return (
    <Tag color={QUALIFICATION_COLOR[e.qualification]} data-testid="single-qualification">
      {t(e.qualificationName)}
    </Tag>
  );
}

/** /entryQualification：报考资格核对 */
export function EntryQualification({ token }: { token: string }) {
  const t = useT();
  const [{ data, error }] = useLoad<View>('/comApi/candidateInfo', token);
  return (
    <Shell title="报考资格核对" testId="single-entry">
      {!data && !error && <Spin />}
      {error && <Failed message={error} />}
      {data && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('姓名')}>{data.examinee.name}</Descriptions.Item>
            <Descriptions.Item label={t('身份证号')}>{data.examinee.idNumber}</Descriptions.Item>
            {planItems(data.plan, t)}
            <Descriptions.Item label={t('报考工种')}>
              {data.examinee.workName} {t(data.examinee.levelName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('从事本职业年限')}>{data.examinee.workYears ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('已有证书等级')}>{data.examinee.priorLevelName ? t(data.examinee.priorLevelName) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('取得证书日期')}>{data.examinee.priorCertDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('报考资格')}>
              <QualificationTag e={data.examinee} />
            </Descriptions.Item>
          </Descriptions>
          {data.examinee.qualificationReason && <Alert style={{ marginTop: 12 }} type={data.examinee.qualification === 2 ? 'error' : 'warning'} showIcon title={data.examinee.qualificationReason} data-testid="single-reason" />}
          {data.editable ? (
            <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('从业年限或已有证书填得不对？可在报名信息页更正，保存后重新检查报考资格。')} action={<a href={`/informnationForm?token=${encodeURIComponent(token)}`}>{t('更正报名信息')}</a>} />
          ) : (
            <Alert style={{ marginTop: 12 }} type="info" showIcon title={t(data.notEditableReason ?? '')} />
          )}
        </>
      )}
    </Shell>
  );
}

/** /informationBack：信息回执 */
export function InformationBack({ token }: { token: string }) {
  const t = useT();
  const [{ data, error }] = useLoad<View>('/comApi/candidateInfo', token);
  return (
    <Shell title="报名信息回执" testId="single-back">
      {!data && !error && <Spin />}
      {error && <Failed message={error} />}
      {data && (
        <>
          <Descriptions column={1} bordered size="small">
            {planItems(data.plan, t)}
            <Descriptions.Item label={t('姓名')}>{data.examinee.name}</Descriptions.Item>
            <Descriptions.Item label={t('身份证号')}>{data.examinee.idNumber}</Descriptions.Item>
            <Descriptions.Item label={t('性别')}>{data.examinee.gender ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('手机号')}>{data.examinee.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('报考工种')}>
              {data.examinee.workName} {t(data.examinee.levelName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('学历')}>{data.examinee.education ? t(data.examinee.education) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('工作单位')}>{data.examinee.company ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('从事本职业年限')}>{data.examinee.workYears ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('已有证书等级')}>{data.examinee.priorLevelName ? t(data.examinee.priorLevelName) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('取得证书日期')}>{data.examinee.priorCertDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('报考资格')}>
              <QualificationTag e={data.examinee} />
            </Descriptions.Item>
            <Descriptions.Item label={t('准考证号')}>
              <span data-testid="single-ticket">{data.examinee.ticketNo ?? t('编排考场后生成')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('最近更新')}>{dayjs(data.examinee.updatedAt).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 12 }}>
            <Button onClick={() => window.print()}>{t('打印回执')}</Button>
            {data.editable && <Button href={`/informnationForm?token=${encodeURIComponent(token)}`}>{t('更正报名信息')}</Button>}
          </Space>
        </>
      )}
    </Shell>
  );
}

interface FormValues {
  mobile: string;
  education: string | null;
  company: string | null;
  workYears: number | null;
  priorLevel: number | null;
  priorCertDate: dayjs.Dayjs | null;
}

/** /informnationForm：提交或更正报名信息 */
export function InformationForm({ token }: { token: string }) {
  const t = useT();
  const [{ data, error }, setData] = useLoad<View>('/comApi/candidateInfo', token);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const onFinish = async (v: FormValues) => {
    setSaving(true);
    setSaveError(null);
    try {
      const next = await apiPost('/comApi/candidateUpdate', { ...v, token, priorCertDate: v.priorCertDate ? v.priorCertDate.format('YYYY-MM-DD') : null }, { silent: true });
      setData(next);
      setSaved(true);
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : t('保存失败'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Shell title="报名信息" testId="single-form">
      {!data && !error && <Spin />}
      {error && <Failed message={error} />}
      {data && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            {planItems(data.plan, t)}
            <Descriptions.Item label={t('姓名')}>{data.examinee.name}</Descriptions.Item>
            <Descriptions.Item label={t('身份证号')}>{data.examinee.idNumber}</Descriptions.Item>
            <Descriptions.Item label={t('报考工种')}>
              {data.examinee.workName} {t(data.examinee.levelName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('报考资格')}>
              <QualificationTag e={data.examinee} />
              {data.examinee.qualificationReason && <span style={{ marginLeft: 8 }}>{data.examinee.qualificationReason}</span>}
            </Descriptions.Item>
          </Descriptions>
          {saved && <Alert type="success" showIcon style={{ marginBottom: 12 }} title={t('已保存，报考资格已按新的信息重新检查')} data-testid="single-saved" />}
          {saveError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={saveError} data-testid="single-save-error" />}
          {!data.editable && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t(data.notEditableReason ?? '')} data-testid="single-locked" />}
          <Form<FormValues>
            layout="vertical"
            disabled={!data.editable}
            initialValues={{ ...data.examinee, priorCertDate: data.examinee.priorCertDate ? dayjs(data.examinee.priorCertDate) : null }}
            onFinish={(v) => void onFinish(v)}
          >
            <Form.Item name="mobile" label={t('手机号')} rules={[{ required: true, message: t('请输入手机号') }]}>
              <Input maxLength={11} data-testid="single-mobile" />
            </Form.Item>
            <Form.Item name="education" label={t('学历')}>
              <Select allowClear options={EDUCATIONS.map((e) => ({ value: e, label: t(e) }))} />
            </Form.Item>
            <Form.Item name="company" label={t('工作单位')}>
              <Input maxLength={128} />
            </Form.Item>
            <Form.Item name="workYears" label={t('从事本职业年限')}>
              <InputNumber min={0} max={60} style={{ width: '100%' }} data-testid="single-years" />
            </Form.Item>
            <Form.Item name="priorLevel" label={t('已有证书等级')}>
              <Select allowClear options={LEVELS.map((l) => ({ ...l, label: t(l.label) }))} />
            </Form.Item>
            <Form.Item name="priorCertDate" label={t('取得证书日期')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving} block data-testid="single-submit">
              {t('提交')}
            </Button>
          </Form>
          <div style={{ marginTop: 12 }}>{t('姓名、身份证号与报考工种不能在这里修改；如有错误请联系评价机构。')}</div>
        </>
      )}
    </Shell>
  );
}

interface RegistrationData {
  plan: View['plan'];
  total: number;
  refused: number;
  truncated: boolean;
  list: { ticketNo: string | null; name: string; idNumber: string; gender: string | null; mobile: string; workName: string; levelName: string; company: string | null; qualificationName: string }[];
}

/** /NewExaminationManagement/specialAability/draw/single：专项能力计划的报名数据（只读） */
export function RegistrationDataView({ token }: { token: string }) {
  const t = useT();
  const [{ data, error }] = useLoad<RegistrationData>('/comApi/registrationData', token);
  return (
    <Shell title="报名数据" testId="single-registration">
      {!data && !error && <Spin />}
      {error && <Failed message={error} />}
      {data && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 12 }}>
            {planItems(data.plan, t)}
            <Descriptions.Item label={t('报名人数')}>
              <span data-testid="single-total">{data.total}</span>
              {data.refused > 0 && <span>（{t('其中不符合报考资格 {n} 人', { n: data.refused })}）</span>}
            </Descriptions.Item>
          </Descriptions>
          {data.truncated && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('人数较多，只列出前 5000 人')} />}
          <Table
            size="small"
            rowKey={(r) => `${r.ticketNo ?? ''}${r.idNumber}${r.workName}`}
            dataSource={data.list}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            scroll={{ x: 720 }}
            columns={[
              { title: t('准考证号'), dataIndex: 'ticketNo', render: (v: string | null) => v ?? '—' },
              { title: t('姓名'), dataIndex: 'name' },
              { title: t('身份证号'), dataIndex: 'idNumber' },
              { title: t('手机号'), dataIndex: 'mobile' },
              { title: t('报考工种'), dataIndex: 'workName', render: (v: string, r) => `${v} ${t(r.levelName)}` },
              { title: t('工作单位'), dataIndex: 'company', render: (v: string | null) => v ?? '—' },
              { title: t('报考资格'), dataIndex: 'qualificationName', render: (v: string) => t(v) },
            ]}
            data-testid="single-registration-table"
          />
        </>
      )}
    </Shell>
  );
}
