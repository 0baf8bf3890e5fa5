'use client';
// 一名考生的成绩表单：考生信息、计划安排的各科（场次、考场、座号、状态），当前用户可录入的科目可填分数或标记缺考/违纪，
// “暂存”（可再改）或“提交”；已提交的科目改动须填更正原因（公示期内还须选异议）。可否录入、原因都由服务端给出（editable、lockedReason）。
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { apiPost } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import { MARK_HAS_SCORE, MARK_LABEL } from '@/lib/domains/score/rules';
import type { ScoreForm, ScoreFormSubject } from '@/lib/domains/score/schemas';
import { CorrectionTable, ResultTag } from './shared';

interface Draft {
  score: number | null;
  mark: number;
  reason: string;
  objectionId?: number;
}

const draftOf = (s: ScoreFormSubject): Draft => ({ score: s.score, mark: s.mark, reason: '' });

function SubjectEditor({ form, s, onSaved }: { form: ScoreForm; s: ScoreFormSubject; onSaved: (f: ScoreForm) => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft>(() => draftOf(s));
  const [busy, setBusy] = useState(false);
  if (!s.editable) return <Typography.Text type="secondary">{s.lockedReason ? t(s.lockedReason) : ''}</Typography.Text>;

  const save = async (submit: boolean) => {
    setBusy(true);
    try {
      const next = await apiPost('/exaAff/updateScore', {
        examineeId: form.examinee.id,
        subject: s.subject,
        score: MARK_HAS_SCORE[draft.mark] ? draft.score : null,
        mark: draft.mark,
        submit,
        reason: draft.reason || undefined,
        objectionId: draft.objectionId,
      });
      void message.success(t(s.needsReason ? '已更正' : submit ? '已提交' : '已暂存'));
      onSaved(next);
    } catch {
      // 接口已提示
    } finally {
      setBusy(false);
    }
  };
  const prefix = `score-${s.subject}`;
  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }}>
      <Space wrap>
        <InputNumber
          min={0}
          max={100}
          step={0.5}
          precision={1}
          value={draft.score}
          disabled={!MARK_HAS_SCORE[draft.mark]}
          placeholder={t('成绩')}
          onChange={(v) => setDraft((d) => ({ ...d, score: v ?? null }))}
          style={{ width: 110 }}
          data-testid={`${prefix}-value`}
        />
        <Select
          value={draft.mark}
          style={{ width: 100 }}
          options={Object.entries(MARK_LABEL).map(([value, label]) => ({ value: Number(value), label: t(label) }))}
          onChange={(mark: number) => setDraft((d) => ({ ...d, mark, score: MARK_HAS_SCORE[mark] ? d.score : null }))}
          data-testid={`${prefix}-mark`}
        />
        {s.needsReason ? (
          <Button type="primary" loading={busy} disabled={!draft.reason.trim()} onClick={() => void save(true)} data-testid={`${prefix}-correct`}>
            {t('更正')}
          </Button>
        ) : (
          <>
            <Button loading={busy} onClick={() => void save(false)} data-testid={`${prefix}-save`}>
              {t('暂存')}
            </Button>
            <Button type="primary" loading={busy} onClick={() => void save(true)} data-testid={`${prefix}-submit`}>
              {t('提交')}
            </Button>
          </>
        )}
      </Space>
      {s.needsReason && (
        <>
          {form.openObjections.length > 0 && (
            <Select
              placeholder={t('因哪条异议更正')}
              style={{ width: '100%' }}
              value={draft.objectionId}
              options={form.openObjections.map((o) => ({ value: o.id, label: o.content }))}
              onChange={(objectionId: number) => setDraft((d) => ({ ...d, objectionId }))}
            />
          )}
          <Input.TextArea rows={2} maxLength={500} placeholder={t('已提交的成绩修改须填写更正原因')} value={draft.reason} onChange={(e) => setDraft((d) => ({ ...d, reason: e.target.value }))} data-testid={`${prefix}-reason`} />
        </>
      )}
    </Space>
  );
}

export default function ScoreFormDialog({ form, onClose, onChanged }: { form: ScoreForm | null; onClose: () => void; onChanged: (f: ScoreForm) => void }) {
  const t = useT();
  return (
    <Modal open={form !== null} title={form ? t('成绩录入：{name}', { name: form.examinee.name }) : ''} width={980} onCancel={onClose} footer={<Button onClick={onClose}>{t('list.common.close')}</Button>} destroyOnHidden>
      {form && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="score-form">
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label={t('姓名')}>
              <span data-testid="score-form-name">{form.examinee.name}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('准考证号')}>{form.examinee.ticketNo}</Descriptions.Item>
            <Descriptions.Item label={t('身份证号')}>{form.examinee.idNumber}</Descriptions.Item>
            <Descriptions.Item label={t('工种')}>{form.examinee.workName}</Descriptions.Item>
            <Descriptions.Item label={t('等级')}>{t(form.examinee.levelName)}</Descriptions.Item>
            <Descriptions.Item label={t('结果')}>
              <ResultTag result={form.result} reason={form.reason} />
            </Descriptions.Item>
            <Descriptions.Item label={t('考试计划')} span={3}>
              {form.plan.name}（{form.plan.code}）· {t(form.plan.positionName)}
            </Descriptions.Item>
          </Descriptions>
          {form.openObjections.length > 0 && <Alert type="warning" showIcon title={t('公示期内该考生有待处理的异议：{text}', { text: form.openObjections.map((o) => o.content).join('；') })} />}
          <Table<ScoreFormSubject>
            size="small"
            rowKey="subject"
            pagination={false}
            dataSource={form.subjects}
            columns={[
              { title: t('科目'), dataIndex: 'label', width: 130, render: (v: string) => t(v) },
              {
                title: t('场次与考场'),
                dataIndex: 'sessionName',
                width: 230,
                render: (_v, s) => (s.sessionName ? `${s.sessionName} · ${s.roomName ?? ''}${s.seatNo ? ` · ${t('{n} 号', { n: s.seatNo })}` : ''}` : '—'),
              },
              {
                title: t('当前成绩'),
                dataIndex: 'score',
                width: 150,
                render: (_v, s) => (
                  <Space size={4} data-testid={`score-${s.subject}-current`}>
                    <span>{t(s.currentText)}</span>
                    <Tag color={s.statusColor}>
                      <Tx text={s.statusName} />
                    </Tag>
                  </Space>
                ),
              },
              { title: t('录入'), dataIndex: 'editable', render: (_v, s) => <SubjectEditor key={`${s.subject}-${s.status}-${s.score}-${s.mark}`} form={form} s={s} onSaved={onChanged} /> },
            ]}
          />
          {form.corrections.length > 0 && (
            <>
              <Typography.Text strong>{t('更正历史')}</Typography.Text>
              <CorrectionTable rows={form.corrections} first={{ title: '时间', key: 'createdAt', width: 160 }} testId="score-corrections" />
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}
