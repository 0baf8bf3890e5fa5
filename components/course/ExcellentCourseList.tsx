'use client';
// 精品课程：已上架课程的有序展示（一行两行高：名称与种类、展示编号与所属机构）。上移/下移调整顺序（服务端保存），展示位上架/下架，修改推荐语，移出。
import { Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { Tx, useT } from '@/lib/i18n/client';
import type { ExcellentItem } from '@/lib/domains/course/schemas';
import { CoverThumb, KindTag, openPreview, SubLine } from './shared';

export default function ExcellentCourseList() {
  const t = useT();
  return (
    <ListScreen<ExcellentItem>
      title="精品课程"
      resource="excellentCourse"
      rowKey="id"
      testId="excellent-list"
      list={{ path: '/bks/v1/comExcellentCourse/by' }}
      filters={[
        { name: 'name', label: '课程名称' },
        { name: 'arraigned', label: '展示状态', type: 'select', options: [{ value: 'true', label: '已上架' }, { value: 'false', label: '已下架' }] },
      ]}
      columns={[
        { title: '顺序', dataIndex: 'sort', width: 64, align: 'right' },
        { title: '封面', dataIndex: 'cover', width: 88, render: (v: string | null) => <CoverThumb url={v} /> },
        {
          title: '课程',
          dataIndex: 'courseName',
          width: 320,
          render: (v: string, r) => (
            <div style={{ minWidth: 0 }}>
              <div>
                {v}
                <span style={{ marginLeft: 8 }}>
                  <KindTag kind={r.kind} />
                </span>
              </div>
              <SubLine text={`${r.code} · ${r.orgName ?? t('管理部门')}`} />
            </div>
          ),
        },
        { title: '推荐语', dataIndex: 'recommendation', ellipsis: true, render: (v: string | null) => v || '—' },
        {
          title: '展示状态',
          dataIndex: 'arraigned',
          width: 110,
          render: (v: boolean, r) =>
            !r.courseUsable ? (
              <Tag color="warning">
                <Tx text="课程已下架" />
              </Tag>
            ) : v ? (
              <Tag color="success">
                <Tx text="已上架" />
              </Tag>
            ) : (
              <Tag>
                <Tx text="已下架" />
              </Tag>
            ),
        },
      ]}
      pageSizeOptions={[50, 100]}
      create={{
        title: '添加精品课程',
        submit: { path: '/bks/v1/comExcellentCourse/add' },
        fields: [
          {
            name: 'courseId',
            label: '课程',
            type: 'select',
            required: true,
            optionsFrom: { path: '/bks/v1/comCourse/options', method: 'POST', query: { purpose: 'usable' }, labelKey: 'name', valueKey: 'id' },
            help: '只能选择已上架的课程；新加的排在最后',
          },
          { name: 'recommendation', label: '推荐语', type: 'textarea' },
        ],
      }}
      rowActions={[
        { key: 'up', label: '上移', permission: 'excellentCourse.edit', call: { path: '/bks/v1/comExcellentCourse/changeOrder', body: (r) => ({ id: r.id, direction: 'up' }), successMessage: '已上移' } },
        { key: 'down', label: '下移', permission: 'excellentCourse.edit', call: { path: '/bks/v1/comExcellentCourse/changeOrder', body: (r) => ({ id: r.id, direction: 'down' }), successMessage: '已下移' } },
        {
          key: 'edit',
          label: '编辑推荐语',
          permission: 'excellentCourse.edit',
          form: { title: '修改推荐语', submit: { path: '/bks/v1/comExcellentCourse/update' }, fields: [{ name: 'recommendation', label: '推荐语', type: 'textarea' }] },
        },
        {
          key: 'on',
          label: '上架',
          permission: 'excellentCourse.enable',
          visible: (r) => !r.arraigned,
          call: { path: '/bks/v1/comExcellentCourse/arraigned', body: (r) => ({ id: r.id, arraigned: true }), successMessage: '已上架' },
        },
        {
          key: 'off',
          label: '下架',
          permission: 'excellentCourse.disable',
          visible: (r) => r.arraigned,
          confirm: (r, t) => t('确定下架精品课程「{name}」吗？', { name: r.courseName }),
          call: { path: '/bks/v1/comExcellentCourse/arraigned', body: (r) => ({ id: r.id, arraigned: false }), successMessage: '已下架' },
        },
        { key: 'preview', label: '预览', onClick: (r) => openPreview(r.courseId) },
      ]}
      remove={{
        call: { path: '/bks/v1/comExcellentCourse/del', body: (r) => ({ ids: [r.id] }) },
        batch: { path: '/bks/v1/comExcellentCourse/del', body: (ids) => ({ ids }) },
        confirm: (r, t) => t('确定把「{name}」移出精品课程吗？课程本身不受影响。', { name: r.courseName }),
      }}
      emptyText="暂无精品课程"
    />
  );
}
