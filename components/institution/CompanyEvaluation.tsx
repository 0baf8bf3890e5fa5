'use client';
// 企业评价（CompanyEvaluation）：市级、省级管理员按年度给已入驻的单位打分（0–100，等级由分数算出）；单位看本单位的评价。
import { Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { zodRule } from '@/components/list/rules';
import { Tx } from '@/lib/i18n/client';
import type { FieldSpec } from '@/components/list/types';

interface EvaluationRow {
  id: number;
  orgId: number;
  orgName: string;
  orgTypeName: string;
  cityName: string | null;
  year: number;
  score: number;
  grade: string;
  content: string;
  evaluatorName: string;
  updateTime: string;
  actions: string[];
}

const GRADE_COLOR: Record<string, string> = { 优秀: 'green', 良好: 'blue', 合格: 'gold', 不合格: 'red' };

const fields: FieldSpec[] = [
  { name: 'orgId', label: '单位', type: 'select', required: true, disabledOnEdit: true, optionsFrom: { path: '/bapi/orginaion/evaluation/orgs', method: 'GET', labelKey: 'label', valueKey: 'value' } },
  { name: 'year', label: '年度', type: 'number', required: true, initialValue: new Date().getFullYear() - 1, rules: [zodRule(() => import('@/lib/domains/institution/schemas').then((m) => m.EvaluationSaveInput.shape.year))] },
  { name: 'score', label: '评分', type: 'number', required: true, rules: [zodRule(() => import('@/lib/domains/institution/schemas').then((m) => m.EvaluationSaveInput.shape.score))], help: '0–100 分：90 分以上优秀，80 分以上良好，60 分以上合格' },
  { name: 'content', label: '评价内容', type: 'textarea', required: true },
];

export default function CompanyEvaluation() {
  return (
    <ListScreen<EvaluationRow>
      title="企业评价"
      resource="companyEvaluation"
      rowKey="id"
      testId="company-evaluation-list"
      list={{ path: '/bapi/orginaion/evaluation/list' }}
      filters={[
        { name: 'agentName', label: '单位名称' },
        { name: 'year', label: '年度', type: 'number' },
      ]}
      columns={[
        { title: '单位名称', dataIndex: 'orgName', width: 260 },
        { title: '单位类型', dataIndex: 'orgTypeName', width: 120, render: (v: string) => <Tx text={v} /> },
        { title: '所在市', dataIndex: 'cityName', width: 90 },
        { title: '年度', dataIndex: 'year', width: 80 },
        { title: '评分', dataIndex: 'score', width: 70 },
        { title: '等级', dataIndex: 'grade', width: 90, render: (v: string) => <Tag color={GRADE_COLOR[v]}><Tx text={v} /></Tag> },
        { title: '评价内容', dataIndex: 'content', width: 280, ellipsis: true },
        { title: '评价人', dataIndex: 'evaluatorName', width: 100 },
      ]}
      create={{ title: '新增评价', fields, submit: { path: '/bapi/orginaion/evaluation/save' } }}
      edit={{ title: '修改评价', fields, submit: { path: '/bapi/orginaion/evaluation/save' } }}
      remove={{ call: { path: '/bapi/orginaion/evaluation/del', body: (r) => ({ ids: [r.id] }) }, batch: { path: '/bapi/orginaion/evaluation/del', body: (ids) => ({ ids }) } }}
      exporter={{ path: '/bapi/orginaion/evaluation/export' }}
      emptyText="暂无评价"
    />
  );
}
