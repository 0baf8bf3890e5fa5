'use client';
// 课程的章节与课件（抽屉）：草稿可增删改、上移下移章节与课件，课件经上传服务上传（视频读出时长）；
// 其他状态只读。可修改与否按列表行上服务端给出的 actions（含 'edit'）决定。
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Drawer, Empty, Form, Input, InputNumber, Modal, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { apiGet, apiPost, callConfigured } from '@/components/api-client';
import { Uploader } from '@/components/upload/Uploader';
import { useT } from '@/lib/i18n/client';
import { acceptOf, FORMATS, PURPOSE_FORMATS, extOf, type FileExt } from '@/lib/domains/file/constants';
import { COURSEWARE_KIND_LABEL } from '@/lib/domains/course/transitions';
import type { CourseItem, CoursewareItem, SectionItem } from '@/lib/domains/course/schemas';
import { formatDuration, formatSize, KindTag, openPreview, StatusTag } from './shared';
import type { PostPath } from '@/components/api-contract';
import { useEscapeKey } from '@/components/useEscapeKey';
import { useConfirm } from '@/components/list/useConfirm';

interface WareDraft {
  chapterId: number;
  ware?: CoursewareItem;
}

/** 图文课程不收视频：选择文件时就不列出视频格式 */
function acceptFor(kind: CourseItem['kind']): string {
  if (kind === 'video') return acceptOf('courseware');
  return PURPOSE_FORMATS.courseware
    .filter((e) => FORMATS[e].kind !== 'video')
    .flatMap((e) => (e === 'jpg' ? ['.jpg', '.jpeg'] : [`.${e}`]))
    .join(',');
}

const isVideoUrl = (url: string | undefined) => Boolean(url) && FORMATS[extOf(url!.split('?')[0]) as FileExt]?.kind === 'video';

/** 读视频文件的时长（秒）：浏览器加载元数据即可，不必下载整个文件 */
function readDuration(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const v = document.createElement('video');
    v.preload = 'metadata';
    v.onloadedmetadata = () => resolve(Number.isFinite(v.duration) && v.duration > 0 ? Math.max(1, Math.round(v.duration)) : null);
    v.onerror = () => resolve(null);
    v.src = url;
  });
}

function WareDialog({ course, draft, onClose, onSaved }: { course: CourseItem; draft: WareDraft | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; url?: string; duration?: number | null }>();
  const [saving, setSaving] = useState(false);
  const url = Form.useWatch('url', form);
  const video = isVideoUrl(url);

  useEffect(() => {
    if (!draft) return;
    form.setFieldsValue(draft.ware ? { title: draft.ware.title, url: draft.ware.url, duration: draft.ware.duration } : { title: '', url: undefined, duration: null });
  }, [draft, form]);

  // 新上传的视频：读出时长填入（用户仍可改）
  useEffect(() => {
    if (!url || !video || (draft?.ware && draft.ware.url === url)) return;
    let alive = true;
    void readDuration(url).then((d) => alive && d !== null && form.setFieldValue('duration', d));
    return () => {
      alive = false;
    };
  }, [url, video, draft, form]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = { chapterId: draft!.chapterId, title: v.title, url: v.url ?? '', duration: video ? (v.duration ?? undefined) : undefined };
      if (draft!.ware) await apiPost('/bks/v1/chapterCourseware/update', { ...body, id: draft!.ware.id });
      else await apiPost('/bks/v1/chapterCourseware/add', body);
      void message.success(t('list.success.save'));
      onSaved();
      onClose();
    } catch {
      // 已提示
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={draft !== null}
      title={draft?.ware ? t('修改课件') : t('添加课件')}
      onCancel={onClose}
      onOk={save}
      okText={t('list.common.ok')}
      cancelText={t('list.common.cancel')}
      confirmLoading={saving}
      width={600}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'courseware-save' } as never}
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="courseware-form">
        <Form.Item name="title" label={t('课件名称')} rules={[{ required: true, whitespace: true, message: t('请输入课件名称') }, { max: 100, message: t('课件名称最多 100 个字') }]}>
          <Input maxLength={100} data-testid="courseware-title" />
        </Form.Item>
        <Form.Item name="url" label={t('课件文件')} rules={[{ required: true, message: t('请上传课件文件') }]}>
          <Uploader purpose="courseware" maxCount={1} dragger accept={acceptFor(course.kind)} hint={course.kind === 'picture' ? t('图文课程可上传 pdf、Office 文档与图片') : undefined} />
        </Form.Item>
        {video && (
          <Form.Item name="duration" label={t('视频时长（秒）')} extra={t('上传视频后自动读出，可修改')}>
            <InputNumber min={1} max={86400} style={{ width: 200 }} data-testid="courseware-duration" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export default function CourseEditor({ course, onClose, onChanged }: { course: CourseItem | null; onClose: () => void; onChanged: () => void }) {
  useEscapeKey(course !== null, onClose);
  const confirm = useConfirm();
  const t = useT();
  const { message } = App.useApp();
  const [loaded, setLoaded] = useState<{ courseId: number; sections: SectionItem[] } | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; title: string } | null>(null);
  const [wareDraft, setWareDraft] = useState<WareDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = Boolean(course?.actions.includes('edit'));
  const courseId = course?.id ?? null;

  const load = useCallback(() => {
    if (courseId === null) return;
    apiGet('/circle/course/getSectionList', { courseId }).then(
      (d) => setLoaded({ courseId, sections: d.sections }),
      () => setLoaded({ courseId, sections: [] }),
    );
  }, [courseId]);
  useEffect(load, [load]);
  // 换了课程：旧课程的章节不显示，等新的加载完
  const sections = loaded && loaded.courseId === courseId ? loaded.sections : null;

  /** 改动后刷新本抽屉与列表（章节数、课件数） */
  const run = async (path: PostPath, body: Record<string, unknown>, success = t('list.success.action')) => {
    setBusy(true);
    try {
      await callConfigured('POST', path, body);
      void message.success(success);
      load();
      onChanged();
    } catch {
      // 已提示
    } finally {
      setBusy(false);
    }
  };

  const addChapter = async () => {
    if (!newTitle.trim()) return void message.warning(t('请输入章节名称'));
    await run('/bks/v1/courseChapter/add', { courseId, title: newTitle.trim() }, t('已添加章节'));
    setNewTitle('');
  };

  const wareColumns = (chapter: SectionItem) => [
    { title: t('序号'), key: 'no', width: 56, render: (_: unknown, __: CoursewareItem, i: number) => i + 1 },
    { title: t('课件名称'), dataIndex: 'title', ellipsis: true },
    { title: t('类型'), dataIndex: 'kind', width: 72, render: (k: CoursewareItem['kind']) => <Tag>{t(COURSEWARE_KIND_LABEL[k])}</Tag> },
    { title: t('时长'), dataIndex: 'duration', width: 72, render: (d: number | null) => formatDuration(d) },
    { title: t('大小'), dataIndex: 'fileSize', width: 80, render: (n: number | null) => formatSize(n) },
    {
      title: t('list.column.actions'),
      key: 'actions',
      width: editable ? 170 : 64,
      render: (_: unknown, w: CoursewareItem, i: number) => (
        <Space size={0}>
          <Tooltip title={t('查看文件')}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => window.open(w.url, '_blank', 'noopener')} aria-label={t('查看文件')} />
          </Tooltip>
          {editable && (
            <>
              <Tooltip title={t('list.action.edit')}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setWareDraft({ chapterId: chapter.id, ware: w })} aria-label={t('list.action.edit')} />
              </Tooltip>
              <Tooltip title={t('上移')}>
                <Button type="link" size="small" icon={<ArrowUpOutlined />} disabled={i === 0 || busy} onClick={() => run('/bks/v1/chapterCourseware/changeOrder', { id: w.id, direction: 'up' })} aria-label={t('上移')} />
              </Tooltip>
              <Tooltip title={t('下移')}>
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === chapter.coursewares.length - 1 || busy}
                  onClick={() => run('/bks/v1/chapterCourseware/changeOrder', { id: w.id, direction: 'down' })}
                  aria-label={t('下移')}
                />
              </Tooltip>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('list.action.delete')}
                onClick={() => confirm({ content: t('确定删除课件「{title}」吗？', { title: w.title }), danger: true, onOk: () => run('/bks/v1/chapterCourseware/del', { id: w.id }, t('list.success.delete')) })}
              />
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={course !== null}
      onClose={onClose}
      size={880}
      destroyOnHidden
      title={
        course && (
          <Space wrap>
            <span>{t('章节与课件：{name}', { name: course.name })}</span>
            <KindTag kind={course.kind} />
            <StatusTag status={course.status} />
          </Space>
        )
      }
      extra={
        course && (
          <Button icon={<EyeOutlined />} onClick={() => openPreview(course.id)} data-testid="course-editor-preview">
            {t('预览课程')}
          </Button>
        )
      }
      data-testid="course-editor"
    >
      {course && !editable && (
        <Typography.Paragraph type="secondary" data-testid="course-editor-readonly">
          {t('课程当前为「{status}」，章节与课件只读；如需修改，请先撤回为草稿。', { status: t(course.statusName) })}
        </Typography.Paragraph>
      )}
      {editable && (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input
            value={newTitle}
            onChange={(e) => setNewTitle(e.target.value)}
            onPressEnter={() => void addChapter()}
            maxLength={100}
            placeholder={t('新章节名称，如“第一章 安全用电基础”')}
            data-testid="chapter-new-title"
          />
          <Button type="primary" icon={<PlusOutlined />} loading={busy} onClick={() => void addChapter()} data-testid="chapter-add">
            {t('新增章节')}
          </Button>
        </Space.Compact>
      )}
      {sections === null ? (
        <Spin />
      ) : sections.length === 0 ? (
        <Empty description={t(editable ? '还没有章节，请先新增章节，再在章节里添加课件' : '还没有章节')} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {sections.map((ch, i) => (
            <Card
              key={ch.id}
              size="small"
              data-testid="chapter-card"
              title={
                renaming?.id === ch.id ? (
                  <Space.Compact>
                    <Input size="small" value={renaming.title} maxLength={100} onChange={(e) => setRenaming({ id: ch.id, title: e.target.value })} style={{ width: 320 }} />
                    <Button
                      size="small"
                      type="primary"
                      onClick={async () => {
                        if (!renaming.title.trim()) return void message.warning(t('请输入章节名称'));
                        await run('/bks/v1/courseChapter/update', { id: ch.id, title: renaming.title.trim() }, t('list.success.save'));
                        setRenaming(null);
                      }}
                    >
                      {t('list.common.ok')}
                    </Button>
                    <Button size="small" onClick={() => setRenaming(null)}>
                      {t('list.common.cancel')}
                    </Button>
                  </Space.Compact>
                ) : (
                  <span data-testid="chapter-title">{ch.title}</span>
                )
              }
              extra={
                editable && renaming?.id !== ch.id ? (
                  <Space size={0}>
                    <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setWareDraft({ chapterId: ch.id })} data-testid="courseware-add">
                      {t('添加课件')}
                    </Button>
                    <Button type="link" size="small" onClick={() => setRenaming({ id: ch.id, title: ch.title })}>
                      {t('重命名')}
                    </Button>
                    <Button type="link" size="small" disabled={i === 0 || busy} onClick={() => run('/bks/v1/courseChapter/changeOrder', { id: ch.id, direction: 'up' })}>
                      {t('上移')}
                    </Button>
                    <Button type="link" size="small" disabled={i === sections.length - 1 || busy} onClick={() => run('/bks/v1/courseChapter/changeOrder', { id: ch.id, direction: 'down' })}>
                      {t('下移')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() =>
                        confirm({
                          content: t('确定删除章节「{title}」吗？其下 {count} 个课件一并删除。', { title: ch.title, count: ch.coursewares.length }),
                          danger: true,
                          onOk: () => run('/bks/v1/courseChapter/del', { id: ch.id }, t('list.success.delete')),
                        })
                      }
                    >
                      {t('list.action.delete')}
                    </Button>
                  </Space>
                ) : null
              }
            >
              <Table<CoursewareItem>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={ch.coursewares}
                columns={wareColumns(ch)}
                locale={{ emptyText: t('本章还没有课件') }}
                data-testid="courseware-table"
              />
            </Card>
          ))}
        </Space>
      )}
      {course && <WareDialog course={course} draft={wareDraft} onClose={() => setWareDraft(null)} onSaved={() => {
        load();
        onChanged();
      }} />}
    </Drawer>
  );
}
