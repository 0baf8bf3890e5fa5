'use client';
// 评价业务 › 考务管理 › 成绩管理（ScoreList）：选考试计划（已到“成绩管理”及以后），看合计与成绩单；
// 扫准考证二维码（扫码枪或摄像头）或点行上的“录入成绩”打开考生的成绩表单；下载录入表、导入成绩（全有或全无）、导出成绩单；
// 成绩录完后机构“申请审核”（按计划的转换表，服务端给出 actions）。录入按钮只在服务端说可录入时出现（行上的 actions）。
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Select, Space, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { apiDownload, apiPost, callConfigured } from '@/components/api-client';
import { useCan } from '@/components/shell/ShellContext';
import { Tx, useT } from '@/lib/i18n/client';
import type { ScoreForm, ScorePlanOption } from '@/lib/domains/score/schemas';
import QrScanner from './QrScanner';
import ScoreFormDialog from './ScoreFormDialog';
import { ScoreSheet, TotalsBar } from './shared';
import type { PostPath } from '@/components/api-contract';
import { useConfirm } from '@/components/list/useConfirm';
import { useServerData, useSkipSeededRun } from '@/components/screens/ServerDataContext';

/** 默认选中第一个可录入的计划，没有就第一个（服务端取第一页用同样的选法，见 catalog.ts） */
const defaultPlan = (list: ScorePlanOption[]) => list.find((p) => p.editable)?.id ?? list[0]?.id ?? null;

export default function ScoreList() {
  const t = useT();
  const can = useCan();
  const { message } = App.useApp();
  const confirm = useConfirm();
  // 服务端随页面带来的计划列表（components/screens/catalog.ts 的 serverData）：打开就选好计划、画出成绩单
  const seeded = useServerData<ScorePlanOption[]>('/exaAff/scorePlans');
  const [plans, setPlans] = useState<ScorePlanOption[] | null>(seeded ?? null);
  const [planId, setPlanId] = useState<number | null>(seeded ? defaultPlan(seeded) : null);
  const [form, setForm] = useState<ScoreForm | null>(null);
  const [version, setVersion] = useState(0);
  const [listVersion, setListVersion] = useState(0);
  const seededRun = useSkipSeededRun(seeded);

  useEffect(() => {
    if (seededRun()) return;
    let live = true;
    apiPost('/exaAff/scorePlans', {}, { silent: true })
      .then((list) => {
        if (!live) return;
        setPlans(list);
        setPlanId((cur) => (cur !== null && list.some((p) => p.id === cur) ? cur : defaultPlan(list)));
      })
      .catch(() => live && setPlans([]));
    return () => {
      live = false;
    };
  }, [version, seededRun]);

  const plan = plans?.find((p) => p.id === planId) ?? null;
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  const open = async (loader: () => Promise<ScoreForm>) => {
    try {
      setForm(await loader());
    } catch {
      // 接口已提示
    }
  };
  const byCode = (code: string) => void open(() => apiPost('/exaAff/byQrCodeScore', { code, planId: plan?.id }));

  const planAction = (path: PostPath, verb: string) =>
    confirm({
      content: t('确定{verb}吗？', { verb: t(verb) }),
      onOk: async () => {
        await callConfigured('POST', path, { id: plan!.id });
        void message.success(t('办理成功'));
        refresh();
        setListVersion((v) => v + 1);
      },
    });

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="score-screen">
      <Card variant="borderless" size="small">
        <Space orientation="vertical" size={10} style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text strong>{t('考试计划')}</Typography.Text>
            <Select
              style={{ minWidth: 440 }}
              loading={plans === null}
              value={planId ?? undefined}
              placeholder={t('请选择考试计划')}
              aria-label={t('考试计划')}
              notFoundContent={t('暂无已到“成绩管理”步骤的考试计划')}
              onChange={(v: number) => setPlanId(v)}
              options={(plans ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="score-plan"
            />
            {plan && (
              <Tag color={plan.editable ? 'processing' : 'default'} data-testid="score-plan-position">
                <Tx text={plan.positionName} />
              </Tag>
            )}
            {plan?.actions.includes('applyAudit') && (
              <Button type="primary" onClick={() => planAction('/exaPlan/auditingApply', '申请审核')} data-testid="score-apply-audit">
                {t('成绩录完，申请审核')}
              </Button>
            )}
            {plan?.actions.includes('advance') && <Button onClick={() => planAction('/exaPlan/nextStep', '进入下一步')}>{t('进入下一步')}</Button>}
            {plan?.actions.includes('cancelAudit') && <Button onClick={() => planAction('/exaPlanAudit/cancellAudit', '撤回审核申请')}>{t('撤回审核申请')}</Button>}
          </Space>
          {plan && <TotalsBar totals={plan.totals} subjects={plan.subjects} />}
          {plan && can('score.get') && (
            <Space wrap>
              <QrScanner onCode={byCode} />
              {plan.editable && can('score.import') && (
                <Button icon={<DownloadOutlined />} onClick={() => void apiDownload('/exaAff/exportScore', { planId: plan.id }, { method: 'POST' }).catch(() => undefined)}>
                  {t('下载我的录入表')}
                </Button>
              )}
            </Space>
          )}
        </Space>
      </Card>
      {plan ? (
        <ScoreSheet
          planId={plan.id}
          subjects={plan.subjects}
          resource="score"
          list="/exaAff/selScoreList"
          withMine
          refreshKey={`${plan.id}-${listVersion}`}
          // 成绩单每次重新查询（导入成绩、录入后关闭表单、翻页筛选）后合计随之刷新：导入后不必重新打开页面
          onLoaded={refresh}
          importer={plan.editable ? { call: { path: '/exaAff/importScore', query: { planId: plan.id } }, template: { path: '/exaAff/scoreImportTemplate', method: 'GET' }, title: '导入成绩' } : undefined}
          rowActions={[
            {
              key: 'score',
              label: '录入成绩',
              permission: 'score.edit',
              visible: (r) => r.actions.includes('score'),
              onClick: (r) => void open(() => apiPost('/exaAff/getFormTypeAndScoreDetail', { examineeId: r.examineeId })),
            },
            {
              key: 'view',
              label: '查看',
              visible: (r) => !r.actions.includes('score'),
              onClick: (r) => void open(() => apiPost('/exaAff/getFormTypeAndScoreDetail', { examineeId: r.examineeId })),
            },
          ]}
        />
      ) : (
        plans !== null && (
          <Card>
            <Typography.Text type="secondary">{t('暂无已到“成绩管理”步骤的考试计划')}</Typography.Text>
          </Card>
        )
      )}
      <ScoreFormDialog
        form={form}
        onClose={() => {
          setForm(null);
          setListVersion((v) => v + 1);
          refresh();
        }}
        onChanged={setForm}
      />
    </Space>
  );
}
