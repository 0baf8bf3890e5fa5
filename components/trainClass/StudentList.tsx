'use client';
// 培训管理 › 学员库（StudentList）：选一个培训班看它的学员名单（或全部班级的学员）。每名学员的身份核验与培训资格、审核、出勤与结业；
// 新增与编辑（含身份证照片）、导入（预览 → 确认/放弃）、检查学员、登记出勤与结业（逐人、勾选多人批量、导入出勤工作簿）、导出。
// 按钮只照服务端给出的 actions 显示。
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Space, Tag, Tooltip } from 'antd';
import { FileExcelOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import type { FormSpec, ListScreenProps } from '@/components/list/types';
import { zodRule } from '@/components/list/rules';
import { apiGet, apiPost } from '@/components/api-client';
import { useCan } from '@/components/shell/ShellContext';
import { Tx, useT } from '@/lib/i18n/client';
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import { CHECK_COLOR, COMPLETION_LABEL, EDUCATIONS, EXAMINE_LABEL, ID_CHECK_LABEL, QUALIFICATION_LABEL } from '@/lib/domains/trainClass/constants';
import type { StudentItem } from '@/lib/domains/trainClass/schemas';
import { ClassPickerBar, useClassPicker, type ClassOption } from './shared';
import StudentImportDialog from './StudentImportDialog';
import { AttendanceBatchDialog, AttendanceImportDialog } from './AttendanceDialogs';

/** 编辑时的号码校验（完整号码或原样传回的脱敏值）：模式与 zod 在第一次校验时才下载 */
const maskedRule = (field: 'idNumberField' | 'mobileField') =>
  zodRule(() =>
    Promise.all([import('@/lib/domains/examinee/schemas'), import('@/lib/platform/identity/masked-input')]).then(([schemas, masked]) => masked.orMasked(schemas[field])),
  );
const idNumberRule = maskedRule('idNumberField');
const mobileRule = maskedRule('mobileField');

const options = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

function CheckTag({ value, labels, reason }: { value: number; labels: Record<number, string>; reason: string | null }) {
  const tag = (
    <Tag color={CHECK_COLOR[value]}>
      <Tx text={labels[value]} />
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}

/** 新增（给班级）与编辑（学员库里也可：班级取自行）学员 */
function studentForm(title: string, classId?: number): FormSpec<StudentItem> {
  return {
    title,
    width: 720,
    submit: { path: '/student/save' },
    fields: [
      { name: 'name', label: '姓名', required: true, span: 12 },
      // 编辑时显示脱敏值：未改的原样提交即保留原号码
      { name: 'idNumber', label: '身份证号', required: true, span: 12, rules: [idNumberRule] },
      { name: 'mobile', label: '手机号', required: true, span: 12, rules: [mobileRule] },
      { name: 'education', label: '学历', type: 'select', span: 12, options: EDUCATIONS.map((e) => ({ label: e, value: e })) },
      { name: 'company', label: '工作单位' },
      { name: 'idCardFront', label: '身份证人像面', type: 'image', span: 12, upload: { purpose: 'attachment' } },
      { name: 'idCardBack', label: '身份证国徽面', type: 'image', span: 12, upload: { purpose: 'attachment' } },
    ],
    body: (v, row) => ({ ...v, classId: row?.classId ?? classId, id: row?.id }),
    load: (row) => apiGet('/student/toSaveOrUpdate', { id: row.id }),
  };
}

const attendanceForm: FormSpec<StudentItem> = {
  title: '登记出勤与结业',
  submit: { path: '/class/saveRemark' },
  fields: [
    { name: 'attendedHours', label: '出勤学时', type: 'number' },
    { name: 'completion', label: '结业情况', type: 'radio', options: options(COMPLETION_LABEL) },
    { name: 'remark', label: '备注', type: 'textarea' },
  ],
  body: (v, row) => ({ ...v, id: row!.id }),
};

interface Pending {
  id: number;
  fileName: string;
  total: number;
}

function Roster({ cls }: { cls: ClassOption | null }) {
  const t = useT();
  const can = useCan();
  const [importing, setImporting] = useState<{ importId: number | null } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [judged, setJudged] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const editable = Boolean(cls?.actions.includes('students'));
  const attendance = Boolean(cls?.actions.includes('attendance'));
  const [batch, setBatch] = useState<(string | number)[] | null>(null);
  const [importingAttendance, setImportingAttendance] = useState(false);
  const exporter = { path: '/student/exportStudentInfo', method: 'GET' } as const;
  const unmask = useUnmaskList<StudentItem>('/student/listStudent', cls ? t('培训班 {code} 的学员名单', { code: cls.code }) : t('学员库'), { exporter });

  useEffect(() => {
    if (!cls) return;
    let live = true;
    apiPost('/student/listStudent', { classId: cls.id, pageSize: 1 }, { silent: true }).then(
      (d) => live && setPending(d.pendingImport),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [cls, version]);

  const form = useMemo(() => studentForm('学员', cls?.id), [cls]);
  const judge = async () => {
    if (!cls) return;
    const r = await apiPost('/trainInfo/judgeStudent', { id: cls.id });
    setJudged(t('共 {total} 人：身份核验不通过 {a} 人、提示 {b} 人；培训资格不符合 {c} 人、提示 {d} 人', { total: r.total, a: r.idRefused, b: r.idWarning, c: r.qualificationRefused, d: r.qualificationWarning }));
    reload();
  };

  const config: ListScreenProps<StudentItem> = {
    title: cls ? '学员名单' : '全部学员',
    resource: 'student',
    rowKey: 'id',
    testId: 'student-list',
    list: { ...unmask.list, params: cls ? { classId: cls.id } : {} },
    filters: [
      { name: 'name', label: '姓名' },
      { name: 'idNumber', label: '身份证号', placeholder: '请输入完整身份证号' },
      { name: 'qualification', label: '培训资格', type: 'select', options: options(QUALIFICATION_LABEL) },
      { name: 'completion', label: '结业情况', type: 'select', options: options(COMPLETION_LABEL) },
    ],
    columns: [
      ...(cls ? [] : [{ title: '培训班', dataIndex: 'className', width: 190, render: (_v: unknown, r: StudentItem) => <TwoLineCell main={r.className} sub={r.classCode} /> }]),
      { title: '姓名', dataIndex: 'name', width: 130, render: (_v, r) => <TwoLineCell main={r.name} sub={[r.gender, r.mobile].filter(Boolean).join(' · ')} /> },
      { title: '身份证号', dataIndex: 'idNumber', width: 180 },
      { title: '身份核验', dataIndex: 'idCheck', width: 96, render: (v: number, r) => <CheckTag value={v} labels={ID_CHECK_LABEL} reason={r.idCheckReason} /> },
      { title: '培训资格', dataIndex: 'qualification', width: 96, render: (v: number, r) => <CheckTag value={v} labels={QUALIFICATION_LABEL} reason={r.qualificationReason} /> },
      { title: '审核', dataIndex: 'examine', width: 80, options: options(EXAMINE_LABEL) },
      { title: '出勤学时', dataIndex: 'attendedHours', width: 90 },
      { title: '结业情况', dataIndex: 'completion', width: 90, options: options(COMPLETION_LABEL) },
    ],
    create: editable ? { ...form, title: '新增学员' } : undefined,
    rowActions: [
      { key: 'edit', label: '编辑', permission: ['student.edit', 'trainInfo.edit'], form: { ...form, title: '编辑学员' }, visible: (r) => r.actions.includes('edit') },
      { key: 'attendance', label: '出勤与结业', permission: ['student.edit', 'trainInfo.edit'], form: attendanceForm, visible: (r) => r.actions.includes('attendance') },
      {
        key: 'delete',
        label: '移出',
        danger: true,
        permission: ['student.delete', 'trainInfo.edit'],
        confirm: (r, tr) => tr('确定把学员{name}移出本班吗？', { name: r.name }),
        call: { path: '/student/delClassStudent', body: (r) => ({ classId: r.classId, ids: [r.id] }), successMessage: '已移出' },
        visible: (r) => r.actions.includes('delete'),
      },
    ],
    // 勾选多名学员一次登记出勤与结业（培训中与已结业时）
    batchActions: attendance ? [{ key: 'attendance', label: '批量登记出勤与结业', permission: ['student.edit', 'trainInfo.edit'], onClick: (ids) => setBatch(ids) }] : [],
    exporter,
    refreshKey: `${cls?.id ?? 0}-${version}`,
    toolbarExtra: (helpers) => (
      <>
        {unmask.toolbarExtra(helpers)}
        {editable && can(['student.import', 'trainInfo.import']) && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting({ importId: null })} data-testid="student-import-open">
            {t('导入学员')}
          </Button>
        )}
        {attendance && can(['student.edit', 'trainInfo.edit']) && (
          <Button icon={<FileExcelOutlined />} onClick={() => setImportingAttendance(true)} data-testid="attendance-import-open">
            {t('导入出勤与结业')}
          </Button>
        )}
        {editable && (
          <Button icon={<SafetyCertificateOutlined />} onClick={() => void judge().catch(() => undefined)} data-testid="student-judge">
            {t('检查学员')}
          </Button>
        )}
      </>
    ),
    emptyText: editable ? '暂无学员，可点击“新增”或“导入学员”录入' : '暂无学员',
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {pending && cls && (
        <Alert
          type="warning"
          showIcon
          data-testid="student-pending-import"
          title={t('有未确认的学员导入「{file}」（{total} 行），确认或放弃之前班级不能提交审核', { file: pending.fileName, total: pending.total })}
          action={
            editable ? (
              <Button size="small" onClick={() => setImporting({ importId: pending.id })}>
                {t('查看并确认')}
              </Button>
            ) : undefined
          }
        />
      )}
      {judged && <Alert type="info" showIcon closable onClose={() => setJudged(null)} title={judged} data-testid="student-judge-result" />}
      <ListScreen<StudentItem> key={cls?.id ?? 0} {...config} />
      {importing && cls && <StudentImportDialog classId={cls.id} importId={importing.importId} onClose={() => setImporting(null)} onChanged={reload} />}
      {batch && cls && <AttendanceBatchDialog classId={cls.id} hours={cls.hours} ids={batch} onClose={() => setBatch(null)} onDone={reload} />}
      {importingAttendance && cls && <AttendanceImportDialog classId={cls.id} onClose={() => setImportingAttendance(false)} onChanged={reload} />}
    </Space>
  );
}

export default function StudentList() {
  const picker = useClassPicker({ allowAll: true });
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="student-screen">
      <ClassPickerBar picker={picker} allowAll testId="student-class" />
      {/* 换班级即换一份名单：看全的理由、检查结果与打开的对话框都不带到别的班 */}
      {picker.classes !== null && <Roster key={picker.current?.id ?? 0} cls={picker.current} />}
    </Space>
  );
}
