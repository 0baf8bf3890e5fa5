'use client';
// 课程界面的共用部分：状态与种类标签、类型树选择、办理历史、审核弹窗、预览入口。
import { useEffect, useState } from 'react';
import { Descriptions, Image, Tag, TreeSelect, Typography } from 'antd';
import { apiPost } from '@/components/api-client';
import { thumbUrl } from '@/components/upload/transport';
import { useT } from '@/lib/i18n/client';
import { HistoryDialog as SharedHistoryDialog } from '@/components/list/HistoryDialog';
import { ReviewDialog } from '@/components/list/ReviewDialog';
import { COURSE_KIND_LABEL, COURSE_STATUS_COLOR, COURSE_STATUS_LABEL, COURSEWARE_KIND_LABEL, type CourseKind } from '@/lib/domains/course/transitions';
import type { CourseHistoryItem, CourseItem, CourseTypeNode } from '@/lib/domains/course/schemas';

export const STATUS_OPTIONS = Object.entries(COURSE_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));
export const KIND_OPTIONS = Object.entries(COURSE_KIND_LABEL).map(([value, label]) => ({ value, label }));
export const WARE_KIND_OPTIONS = Object.entries(COURSEWARE_KIND_LABEL).map(([value, label]) => ({ value, label }));

export function StatusTag({ status }: { status: number }) {
  const t = useT();
  return (
    <Tag color={COURSE_STATUS_COLOR[status]} data-testid={`course-status-${status}`}>
      {COURSE_STATUS_LABEL[status] ? t(COURSE_STATUS_LABEL[status]) : status}
    </Tag>
  );
}

export function KindTag({ kind }: { kind: CourseKind }) {
  const t = useT();
  return <Tag color={kind === 'video' ? 'geekblue' : 'cyan'}>{t(COURSE_KIND_LABEL[kind])}</Tag>;
}

/** 封面缩略图（列表里 64×36） */
export function CoverThumb({ url }: { url: string | null }) {
  const t = useT();
  if (!url) return <div style={{ width: 64, height: 36, background: '#f0f0f0', borderRadius: 4 }} />;
  return <Image src={thumbUrl(url)} preview={{ src: url }} width={64} height={36} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('封面')} />;
}

/** 名称下的灰色小字（编号 · 所属机构）：单行，放不下时省略号收尾、悬停看全文 */
export function SubLine({ text }: { text: string }) {
  return (
    <Typography.Text type="secondary" ellipsis={{ tooltip: text }} style={{ fontSize: 12, display: 'block' }}>
      {text}
    </Typography.Text>
  );
}

/** 在新标签页打开课程预览 */
export const openPreview = (courseId: number) => window.open(`/course/preview/${courseId}`, '_blank', 'noopener');

interface TreeNode {
  title: string;
  value: number;
  children?: TreeNode[];
}

const toTree = (nodes: CourseTypeNode[]): TreeNode[] => nodes.map((n) => ({ title: n.name, value: n.id, ...(n.children?.length ? { children: toTree(n.children) } : {}) }));

/** 课程类型树选择（表单与筛选共用；受控 value/onChange） */
export function CourseTypeSelect({ id, value, onChange, disabled, exclude, placeholder }: { id?: string; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean; exclude?: number; placeholder?: string }) {
  const t = useT();
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  useEffect(() => {
    let alive = true;
    apiPost('/bks/v1/comCourseType/by', {}, { silent: true })
      .then((d) => alive && setTree(toTree(d.list)))
      .catch(() => alive && setTree([]));
    return () => {
      alive = false;
    };
  }, []);
  // 改上级时不能选自己（及其下级）
  const prune = (nodes: TreeNode[]): TreeNode[] => nodes.filter((n) => n.value !== exclude).map((n) => ({ ...n, ...(n.children ? { children: prune(n.children) } : {}) }));
  return (
    // id 来自表单项：筛选栏与表单的标签（<label for>）由它指到输入框
    <TreeSelect
      id={id}
      value={(value as number | null | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      disabled={disabled}
      loading={tree === null}
      treeData={prune(tree ?? [])}
      treeDefaultExpandAll
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholder ?? t('请选择课程类型')}
      style={{ width: '100%' }}
      data-testid="course-type-select"
    />
  );
}

/** 办理历史（创建、提交、审核、上下架） */
export function HistoryDialog({ courseId, onClose }: { courseId: number | null; onClose: () => void }) {
  return (
    <SharedHistoryDialog<CourseHistoryItem>
      recordId={courseId}
      onClose={onClose}
      path="/bks/v1/comCourse/history"
      colorOf={(h) => (h.action === 'reject' ? 'red' : h.action === 'approve' || h.action === 'onShelf' ? 'green' : 'blue')}
      testId="course-history"
    />
  );
}

/** 审核弹窗：课程概要、预览入口；通过（上架）或驳回（必须填写意见），用共用的审核弹窗 */
export function AuditDialog({ course, onClose, onDone }: { course: CourseItem | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  return (
    <ReviewDialog
      open={course !== null}
      title={course ? t('审核课程：{name}', { name: course.name }) : ''}
      onClose={onClose}
      onDone={onDone}
      onSubmit={(v) => apiPost('/bks/v1/comCourse/audit', { id: course!.id, result: v.result, opinion: v.opinion })}
      passLabel="通过并上架"
      rejectMessage="请填写审核意见"
      width={640}
      opinionRows={3}
      testIdPrefix="course-audit"
      summary={
        course && (
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="course-audit-summary">
            <Descriptions.Item label={t('课程编号')}>{course.code}</Descriptions.Item>
            <Descriptions.Item label={t('种类')}>
              <KindTag kind={course.kind} />
            </Descriptions.Item>
            <Descriptions.Item label={t('课程类型')}>{course.typeName}</Descriptions.Item>
            <Descriptions.Item label={t('主讲教师')}>{course.teacherName}</Descriptions.Item>
            <Descriptions.Item label={t('所属机构')}>{course.orgName ?? t('管理部门')}</Descriptions.Item>
            <Descriptions.Item label={t('学时')}>{course.hours}</Descriptions.Item>
            <Descriptions.Item label={t('章节与课件')} span={2}>
              {t('{chapters} 章，{wares} 个课件', { chapters: course.chapterCount, wares: course.coursewareCount })}
              <a style={{ marginLeft: 12 }} onClick={() => openPreview(course.id)} data-testid="course-audit-preview">
                {t('预览课程')}
              </a>
            </Descriptions.Item>
            {course.intro ? (
              <Descriptions.Item label={t('课程简介')} span={2}>
                {course.intro}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        )
      }
    />
  );
}

/** 视频时长 秒 → m:ss */
export const formatDuration = (s: number | null) => (s === null ? '—' : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`);

/** 文件大小 */
export const formatSize = (n: number | null) => (n === null ? '—' : n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);
