'use client';
// 补贴申请表单：选一个已考核的班，勾选学员，逐人填银行账号（生活交通补贴再选人员类别，可填证书编号）。
// 金额不在这里填：保存后由服务端按标准、出勤、结业与考核结果算出。修改时载入原申请的学员与账号。
// 银行信息：服务端给出每人此前在本机构补贴申请里给过的最近一次（lastBank），没填过的行先带出，可改。
import { useEffect, useMemo, useState } from 'react';
import { App, Input, Modal, Select, Table } from 'antd';
import { apiGet, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { loadDict } from '@/components/list/options';
import { SUBSIDY_GROUP_DICT } from '@/lib/domains/subsidy/schemas';
import type { SubsidyKind } from '@/lib/domains/subsidy/transitions';

interface ClassOption {
  id: number;
  label: string;
}
interface StudentRow {
  id: number;
  name: string;
  idNumber: string;
  attendedHours: number | null;
  completionName: string;
  lastBank: { bankName: string | null; bankAccount: string } | null;
}
interface Entry {
  bankName?: string;
  bankAccount?: string;
  certNo?: string;
  groupCode?: string;
}

export interface ApplyFormProps {
  kind: SubsidyKind;
  open: boolean;
  /** 修改：原申请 */
  editing?: { id: number; classId: number } | null;
  onClose: () => void;
  onDone: () => void;
}

export function ApplyForm({ kind, open, editing, onClose, onDone }: ApplyFormProps) {
  const t = useT();
  const { message } = App.useApp();
  const [classes, setClasses] = useState<ClassOption[]>([]);
  const [groups, setGroups] = useState<{ label: string; value: string }[]>([]);
  const [classId, setClassId] = useState<number | null>(editing?.classId ?? null);
  const [students, setStudents] = useState<StudentRow[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [entries, setEntries] = useState<Record<number, Entry>>({});
  const [saving, setSaving] = useState(false);

  /** 学员与各人此前给过的银行信息：已有填写的行不动 */
  const loadStudents = (id: number) =>
    apiGet('/subsidy/classStudents', { classId: id }).then((rows) => {
      setStudents(rows);
      setEntries((e) => {
        const next = { ...e };
        for (const r of rows) if (r.lastBank && !next[r.id]?.bankAccount) next[r.id] = { ...next[r.id], bankName: r.lastBank.bankName ?? undefined, bankAccount: r.lastBank.bankAccount };
        return next;
      });
    }, () => undefined);

  // 每次打开都重新挂载（父组件只在打开时渲染本组件），这里只取数
  useEffect(() => {
    apiGet('/subsidy/eligibleClasses', { kind }).then(setClasses, () => undefined);
    if (kind === 'living') loadDict(SUBSIDY_GROUP_DICT).then((g) => setGroups(g.map((o) => ({ label: o.label, value: String(o.value) }))), () => undefined);
    if (editing) {
      void loadStudents(editing.classId);
      apiGet('/subsidy/applyDetail', { id: editing.id }).then((d) => {
        setSelected(d.students.map((s) => s.studentId));
        // 原申请里填的优先于带出的
        setEntries((e) => ({ ...e, ...Object.fromEntries(d.students.map((s) => [s.studentId, { bankName: s.bankName ?? undefined, bankAccount: s.bankAccount ?? undefined, certNo: s.certNo ?? undefined, groupCode: s.groupCode ?? undefined }])) }));
      }, () => undefined);
    }
  }, [kind, editing]);

  const set = (id: number, patch: Entry) => setEntries((e) => ({ ...e, [id]: { ...e[id], ...patch } }));
  const columns = useMemo(
    () => [
      { title: t('姓名'), dataIndex: 'name', width: 90 },
      { title: t('证件号码'), dataIndex: 'idNumber', width: 170 },
      { title: t('出勤学时'), dataIndex: 'attendedHours', width: 80, render: (v: number | null) => v ?? '—' },
      { title: t('结业情况'), dataIndex: 'completionName', width: 80, render: (v: string) => t(v) },
      { title: t('开户银行'), key: 'bankName', width: 130, render: (_: unknown, r: StudentRow) => <Input size="small" value={entries[r.id]?.bankName} onChange={(e) => set(r.id, { bankName: e.target.value })} /> },
      {
        title: t('银行账号'),
        key: 'bankAccount',
        width: 190,
        render: (_: unknown, r: StudentRow) => <Input size="small" data-testid={`bank-${r.id}`} value={entries[r.id]?.bankAccount} onChange={(e) => set(r.id, { bankAccount: e.target.value })} />,
      },
      kind === 'living'
        ? { title: t('人员类别'), key: 'groupCode', width: 170, render: (_: unknown, r: StudentRow) => <Select size="small" style={{ width: '100%' }} value={entries[r.id]?.groupCode} options={groups} onChange={(v) => set(r.id, { groupCode: v })} /> }
        : { title: t('证书编号'), key: 'certNo', width: 170, render: (_: unknown, r: StudentRow) => <Input size="small" value={entries[r.id]?.certNo} onChange={(e) => set(r.id, { certNo: e.target.value })} /> },
    ],
    [entries, groups, kind, t],
  );

  const save = async () => {
    if (!classId) return message.error(t('请选择培训班'));
    if (!selected.length) return message.error(t('请至少选择一名学员'));
    setSaving(true);
    try {
      const items = selected.map((id) => ({ studentId: id, ...entries[id] }));
      const r = await apiPost('/subsidy/saveClassSubside', { id: editing?.id, classId, kind, items });
      message.success(t('已保存申请 {code}：申请金额 {amount} 元（由系统按标准算出）', { code: r.code, amount: r.claimedAmount }));
      onDone();
      onClose();
    } catch {
      // 接口已提示
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={t(editing ? '修改补贴申请' : '新建补贴申请')} width={1080} onCancel={onClose} onOk={save} confirmLoading={saving} okText={t('保存')} destroyOnHidden>
      <Select
        data-testid="apply-class"
        style={{ width: 520, marginBottom: 12 }}
        placeholder={t('选择已考核的培训班')}
        value={classId ?? undefined}
        disabled={!!editing}
        options={classes.map((c) => ({ value: c.id, label: c.label }))}
        onChange={(v) => {
          setClassId(v);
          setSelected([]);
          setEntries({});
          void loadStudents(v);
        }}
        showSearch
        optionFilterProp="label"
      />
      <Table<StudentRow>
        data-testid="apply-students"
        size="small"
        rowKey="id"
        dataSource={students}
        columns={columns}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
        scroll={{ y: 420 }}
      />
    </Modal>
  );
}
