'use client';
// 课程预览与学习页：左侧播放当前课件（视频用 <video>，PDF 内嵌，图片直接显示，Office 文档给下载），右侧章节目录可切换课件；
// 下方为课程简介与评论（已上架的课程可发表评论与评分，每人一条）。
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Empty, Form, Image, Input, List, Pagination, Rate, Result, Row, Space, Tabs, Tag, Typography } from 'antd';
import { FileImageOutlined, FilePdfOutlined, FileTextOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { COURSEWARE_KIND_LABEL, type CoursewareKind } from '@/lib/domains/course/transitions';
import type { CommentItem, CoursewareItem, SectionList } from '@/lib/domains/course/schemas';
import { formatDuration, KindTag, StatusTag } from './shared';

const KIND_ICON: Record<CoursewareKind, React.ReactNode> = {
  video: <PlayCircleOutlined />,
  pdf: <FilePdfOutlined />,
  image: <FileImageOutlined />,
  document: <FileTextOutlined />,
};

function Stage({ ware }: { ware: CoursewareItem | null }) {
  const t = useT();
  if (!ware) return <Empty description={t('这门课程还没有课件')} style={{ padding: 80 }} />;
  switch (ware.kind) {
    case 'video':
      // key：切换课件时重建播放器，从头播放新的视频
      return <video key={ware.url} src={ware.url} controls preload="metadata" style={{ width: '100%', maxHeight: '62vh', background: '#000', display: 'block' }} data-testid="course-player-video" />;
    case 'pdf':
      return (
        <div>
          <iframe key={ware.url} src={ware.url} title={ware.title} style={{ width: '100%', height: '62vh', border: 0, background: '#f5f5f5' }} data-testid="course-player-pdf" />
          <div style={{ padding: '8px 16px 0' }}>
            <Typography.Link href={ware.url} target="_blank" rel="noopener">
              {t('在新窗口打开 PDF')}
            </Typography.Link>
          </div>
        </div>
      );
    case 'image':
      return (
        <div style={{ textAlign: 'center', background: '#fafafa' }}>
          <Image src={ware.url} alt={ware.title} style={{ maxHeight: '62vh', maxWidth: '100%' }} data-testid="course-player-image" />
        </div>
      );
    default:
      return (
        <Result
          icon={<FileTextOutlined />}
          title={ware.title}
          subTitle={t('该文档不能在页面内预览，请下载后查看')}
          extra={
            <Button type="primary" href={ware.url} target="_blank" rel="noopener">
              {t('下载文档')}
            </Button>
          }
        />
      );
  }
}

const PAGE_SIZE = 5;

function Comments({ courseId, canComment }: { courseId: number; canComment: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: CommentItem[]; total: number; mine: boolean } | null>(null);
  const [form] = Form.useForm<{ rating: number; content: string }>();
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    apiPost('/bks/v1/comCourseComment/listByCourse', { courseId, pageNo: page, pageSize: PAGE_SIZE }, { silent: true }).then(setData, () =>
      setData({ list: [], total: 0, mine: false }),
    );
  }, [courseId, page]);
  useEffect(load, [load]);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await apiPost('/bks/v1/comCourseComment/add', { courseId, rating: v.rating, content: v.content });
      void message.success(t('评论已发表'));
      form.resetFields();
      setPage(1);
      load();
    } catch {
      // 已提示
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="course-comments">
      {canComment && data && !data.mine && (
        <Form form={form} layout="vertical" initialValues={{ rating: 5 }} style={{ maxWidth: 640, marginBottom: 16 }}>
          <Form.Item name="rating" label={t('评分')} rules={[{ required: true, message: t('请评分') }]}>
            <Rate />
          </Form.Item>
          <Form.Item name="content" label={t('评论内容')} rules={[{ required: true, whitespace: true, message: t('请输入评论内容') }]}>
            <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('说说你对这门课程的看法')} />
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('发表评论')}
          </Button>
        </Form>
      )}
      {data?.mine && <Alert type="success" showIcon title={t('您已评价过这门课程')} style={{ marginBottom: 12 }} />}
      <List<CommentItem>
        loading={data === null}
        dataSource={data?.list ?? []}
        locale={{ emptyText: t('还没有评论') }}
        renderItem={(c) => (
          <List.Item key={c.id}>
            <List.Item.Meta
              title={
                <Space>
                  <span>{c.userName}</span>
                  <Rate disabled value={c.rating} style={{ fontSize: 12 }} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.createTime}
                  </Typography.Text>
                </Space>
              }
              description={c.content}
            />
          </List.Item>
        )}
      />
      {data && data.total > PAGE_SIZE && <Pagination style={{ marginTop: 12, textAlign: 'right' }} current={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} size="small" />}
    </div>
  );
}

export default function CoursePlayer({ data }: { data: SectionList | null }) {
  const t = useT();
  const wares = useMemo(() => (data ? data.sections.flatMap((s) => s.coursewares) : []), [data]);
  const [currentId, setCurrentId] = useState<number | null>(wares[0]?.id ?? null);
  const current = wares.find((w) => w.id === currentId) ?? null;

  if (!data) {
    return (
      <div style={{ maxWidth: 960, margin: '64px auto' }}>
        <Result status="404" title="404" subTitle={t('课程不存在、未上架或不在您的管辖范围内')} extra={<Button href="/dashboard/workplace">{t('shell.brand.home')}</Button>} />
      </div>
    );
  }
  const { course, rating, sections } = data;
  const approved = course.published;
  const index = current ? wares.indexOf(current) : -1;

  return (
    <div style={{ maxWidth: 1280, margin: '0 auto', padding: '16px 24px 32px' }} data-testid="course-player">
      <Space align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="course-player-title">
          {course.name}
        </Typography.Title>
        <KindTag kind={course.kind} />
        <StatusTag status={course.status} />
        {rating.count > 0 && (
          <Space size={4}>
            <Rate disabled allowHalf value={rating.average ?? 0} style={{ fontSize: 14 }} />
            <Typography.Text type="secondary">{t('{score} 分 · {count} 条评论', { score: rating.average ?? 0, count: rating.count })}</Typography.Text>
          </Space>
        )}
      </Space>
      {!approved && <Alert type="info" showIcon title={t('预览：课程当前为「{status}」，学员还看不到这门课程。', { status: t(course.statusName) })} style={{ marginBottom: 12 }} />}
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card styles={{ body: { padding: 0 } }}>
            <Stage ware={current} />
            {current && (
              <div style={{ padding: '12px 16px', display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
                <Typography.Text strong data-testid="course-player-current">
                  {current.title}
                </Typography.Text>
                <Space>
                  <Button size="small" disabled={index <= 0} onClick={() => setCurrentId(wares[index - 1].id)}>
                    {t('上一个')}
                  </Button>
                  <Button size="small" disabled={index < 0 || index >= wares.length - 1} onClick={() => setCurrentId(wares[index + 1].id)}>
                    {t('下一个')}
                  </Button>
                </Space>
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('课程目录')} size="small" styles={{ body: { padding: 0, maxHeight: '70vh', overflowY: 'auto' } }} data-testid="course-player-sections">
            {sections.length === 0 ? (
              <Empty description={t('还没有章节')} style={{ padding: 24 }} />
            ) : (
              sections.map((s) => (
                <div key={s.id}>
                  <div style={{ padding: '8px 16px', background: '#fafafa', fontWeight: 600, borderBottom: '1px solid #f0f0f0' }}>{s.title}</div>
                  {s.coursewares.length === 0 && (
                    <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 16px' }}>
                      {t('本章还没有课件')}
                    </Typography.Text>
                  )}
                  {s.coursewares.map((w) => {
                    const active = w.id === currentId;
                    return (
                      <button
                        key={w.id}
                        type="button"
                        onClick={() => setCurrentId(w.id)}
                        data-testid="section-item"
                        aria-current={active ? 'true' : undefined}
                        style={{
                          display: 'flex',
                          width: '100%',
                          gap: 8,
                          alignItems: 'center',
                          padding: '8px 16px 8px 24px',
                          border: 0,
                          borderBottom: '1px solid #f5f5f5',
                          background: active ? '#e6f4ff' : '#fff',
                          color: active ? '#1677ff' : 'inherit',
                          cursor: 'pointer',
                          textAlign: 'left',
                        }}
                      >
                        {KIND_ICON[w.kind]}
                        <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={w.title}>
                          {w.title}
                        </span>
                        <Tag style={{ marginInlineEnd: 0 }}>{w.kind === 'video' && w.duration ? formatDuration(w.duration) : t(COURSEWARE_KIND_LABEL[w.kind])}</Tag>
                      </button>
                    );
                  })}
                </div>
              ))
            )}
          </Card>
        </Col>
      </Row>
      <Card style={{ marginTop: 16 }}>
        <Tabs
          items={[
            {
              key: 'intro',
              label: t('课程简介'),
              children: (
                <>
                  <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
                    <Descriptions.Item label={t('课程编号')}>{course.code}</Descriptions.Item>
                    <Descriptions.Item label={t('课程类型')}>{course.typeName}</Descriptions.Item>
                    <Descriptions.Item label={t('主讲教师')}>{course.teacherName}</Descriptions.Item>
                    <Descriptions.Item label={t('学时')}>{course.hours}</Descriptions.Item>
                    <Descriptions.Item label={t('所属机构')}>{course.orgName ?? t('管理部门')}</Descriptions.Item>
                  </Descriptions>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{course.intro || t('暂无简介')}</Typography.Paragraph>
                </>
              ),
            },
            { key: 'comments', label: t('评论（{count}）', { count: rating.count }), children: <Comments courseId={course.id} canComment={approved} /> },
          ]}
        />
      </Card>
    </div>
  );
}
