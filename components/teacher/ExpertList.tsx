'use client';
// 专家库（ExpertList）：从审核通过的教师中列入专家（专长领域），修改专长、移出、导出；查看详情与证书。
import { useState } from 'react';
import ListScreen from '@/components/list/ListScreen';
import type { TeacherItem } from '@/lib/domains/teacher/schemas';
import { TeacherDetailDialog } from './shared';
import { teacherColumns } from './TeacherList';

const EXPERT_FIELD = { name: 'expertField', label: '专长领域', required: true };

export default function ExpertList() {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <ListScreen<TeacherItem>
        title="专家库"
        resource="expert"
        rowKey="id"
        testId="expert-list"
        list={{ path: '/teacher/list', method: 'GET', params: { expertOnly: 'true' } }}
        filters={[
          { name: 'realName', label: '真实姓名' },
          { name: 'orgName', label: '所属机构' },
        ]}
        columns={[teacherColumns[0], { title: '专长领域', dataIndex: 'expertField', width: 180 }, teacherColumns[2], teacherColumns[3], teacherColumns[5], teacherColumns[6]]}
        create={{
          title: '列入专家库',
          submit: { path: '/teacher/expert/save' },
          fields: [{ name: 'id', label: '教师', type: 'select', required: true, optionsFrom: { path: '/teacher/expert/candidates', method: 'GET', labelKey: 'label', valueKey: 'value' } }, EXPERT_FIELD],
          successMessage: '已列入专家库',
        }}
        edit={{ title: '修改专长领域', submit: { path: '/teacher/expert/save' }, fields: [EXPERT_FIELD] }}
        remove={{
          call: { path: '/teacher/expert/remove', body: (r) => ({ ids: [r.id] }) },
          batch: { path: '/teacher/expert/remove', body: (ids) => ({ ids }) },
          confirm: (r, t) => t('确定把「{name}」移出专家库吗？', { name: r.realName }),
        }}
        exporter={{ path: '/teacher/export' }}
        rowActions={[{ key: 'view', label: '查看', onClick: (r) => setViewing(r.id) }]}
        emptyText="专家库里还没有专家"
      />
      <TeacherDetailDialog id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
