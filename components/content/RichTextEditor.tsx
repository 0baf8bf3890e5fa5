'use client';
// 富文本编辑器（tiptap）：受控的表单输入（value / onChange 为 HTML，空内容为 ''），小工具栏：粗体、斜体、下划线、删除线、
// 标题、列表、引用、链接、上传图片（/api/uploadMulti，用途 image）、撤销与重做。服务端保存时按白名单再清洗一遍，
// 这里允许的链接与图片地址与清洗器同一规则（lib/platform/html/urls.ts）。服务端渲染时不立即创建编辑器（immediatelyRender: false）。
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Button, Divider, Input, Modal, Space, Spin, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { acceptOf, MAX_IMAGE_MB } from '@/lib/domains/file/constants';
import { isAllowedHref, isAllowedImageSrc } from '@/lib/platform/html/urls';
import { uploadMulti, UploadError } from '@/components/upload/transport';
import { useT } from '@/lib/i18n/client';
import styles from './content.module.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  /** 编辑区最小高度（像素），默认 240 */
  minHeight?: number;
}

function ToolButton({ title, active, disabled, onClick, children, testId }: { title: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        // 按下时不抢走编辑区的焦点与选区
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor, disabled, onLink, onImage, uploading }: { editor: Editor; disabled?: boolean; onLink: () => void; onImage: () => void; uploading: boolean }) {
  const t = useT();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (f: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => f(editor.chain().focus()).run();
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('编辑工具栏')}>
      <Space size={2} wrap>
        <ToolButton title={t('粗体')} active={s.bold} disabled={disabled} onClick={run((c) => c.toggleBold())}>
          <BoldOutlined />
        </ToolButton>
        <ToolButton title={t('斜体')} active={s.italic} disabled={disabled} onClick={run((c) => c.toggleItalic())}>
          <ItalicOutlined />
        </ToolButton>
        <ToolButton title={t('下划线')} active={s.underline} disabled={disabled} onClick={run((c) => c.toggleUnderline())}>
          <UnderlineOutlined />
        </ToolButton>
        <ToolButton title={t('删除线')} active={s.strike} disabled={disabled} onClick={run((c) => c.toggleStrike())}>
          <StrikethroughOutlined />
        </ToolButton>
        <Divider orientation="vertical" />
        <ToolButton title={t('二级标题')} active={s.h2} disabled={disabled} onClick={run((c) => c.toggleHeading({ level: 2 }))}>
          <span className={styles.headingIcon}>H2</span>
        </ToolButton>
        <ToolButton title={t('三级标题')} active={s.h3} disabled={disabled} onClick={run((c) => c.toggleHeading({ level: 3 }))}>
          <span className={styles.headingIcon}>H3</span>
        </ToolButton>
        <ToolButton title={t('无序列表')} active={s.bullet} disabled={disabled} onClick={run((c) => c.toggleBulletList())}>
          <UnorderedListOutlined />
        </ToolButton>
        <ToolButton title={t('有序列表')} active={s.ordered} disabled={disabled} onClick={run((c) => c.toggleOrderedList())}>
          <OrderedListOutlined />
        </ToolButton>
        <ToolButton title={t('引用')} active={s.quote} disabled={disabled} onClick={run((c) => c.toggleBlockquote())}>
          <span className={styles.headingIcon}>“”</span>
        </ToolButton>
        <Divider orientation="vertical" />
        <ToolButton title={t('链接')} active={s.link} disabled={disabled} onClick={onLink} testId="rte-link">
          <LinkOutlined />
        </ToolButton>
        <ToolButton title={t('插入图片')} disabled={disabled || uploading} onClick={onImage} testId="rte-image">
          {uploading ? <Spin size="small" /> : <PictureOutlined />}
        </ToolButton>
        <Divider orientation="vertical" />
        <ToolButton title={t('撤销')} disabled={disabled || !s.canUndo} onClick={run((c) => c.undo())}>
          <UndoOutlined />
        </ToolButton>
        <ToolButton title={t('重做')} disabled={disabled || !s.canRedo} onClick={run((c) => c.redo())}>
          <RedoOutlined />
        </ToolButton>
      </Space>
    </div>
  );
}

export default function RichTextEditor({ value, onChange, disabled, id, placeholder, minHeight = 240 }: RichTextEditorProps) {
  const t = useT();
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkDialog, setLinkDialog] = useState<{ href: string } | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  // 最近一次交给表单的 HTML：外部的 value 与它不同时（加载了详情、重置了表单）才改写编辑区
  const emitted = useRef<string>(value ?? '');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    immediatelyRender: false,
    editable: !disabled,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => isAllowedHref(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: { attributes: { class: styles.editable, 'aria-multiline': 'true', role: 'textbox', ...(placeholder ? { 'aria-placeholder': placeholder } : {}) } },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    if (!editor) return;
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const isEmpty = useEditorState({ editor, selector: ({ editor: e }) => e?.isEmpty ?? true });

  const openLink = () => {
    if (!editor) return;
    setLinkError(null);
    setLinkDialog({ href: (editor.getAttributes('link').href as string | undefined) ?? '' });
  };

  const applyLink = () => {
    if (!editor || !linkDialog) return;
    const href = linkDialog.href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!href) {
      chain.unsetLink().run();
      setLinkDialog(null);
      return;
    }
    if (!isAllowedHref(href)) {
      setLinkError(t('链接须以 http://、https://、mailto: 或站内路径 / 开头'));
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    setLinkDialog(null);
  };

  const uploadImage = async (file: File) => {
    if (!editor) return;
    if (file.size > MAX_IMAGE_MB * 1024 * 1024) {
      void message.error(t('图片不能超过 {size}M', { size: MAX_IMAGE_MB }));
      return;
    }
    setUploading(true);
    try {
      const { url } = await uploadMulti(file, { purpose: 'image', systemError: t('系统错误'), uploadFailed: t('上传失败') });
      if (!isAllowedImageSrc(url)) throw new UploadError(t('上传失败'));
      editor.chain().focus().setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') }).run();
    } catch (err) {
      void message.error(err instanceof Error && err.message ? err.message : t('上传失败'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={`${styles.editor} ${disabled ? styles.editorDisabled : ''}`} id={id} data-testid="rich-text-editor">
      {editor ? <Toolbar editor={editor} disabled={disabled} onLink={openLink} onImage={() => fileInput.current?.click()} uploading={uploading} /> : <div className={styles.toolbar} />}
      <div style={{ minHeight }} className={styles.editArea} onClick={() => editor?.chain().focus().run()}>
        {editor ? <EditorContent editor={editor} /> : <Spin size="small" />}
        {isEmpty && placeholder && <div className={styles.placeholder}>{placeholder}</div>}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={acceptOf('image')}
        hidden
        data-testid="rte-image-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void uploadImage(file);
        }}
      />
      <Modal
        open={linkDialog !== null}
        title={t('插入链接')}
        okText={t('list.common.ok')}
        cancelText={t('list.common.cancel')}
        onOk={applyLink}
        onCancel={() => setLinkDialog(null)}
        destroyOnHidden
        width={480}
      >
        <Input
          autoFocus
          value={linkDialog?.href ?? ''}
          placeholder="https://"
          status={linkError ? 'error' : undefined}
          onChange={(e) => setLinkDialog({ href: e.target.value })}
          onPressEnter={applyLink}
          data-testid="rte-link-input"
        />
        <div className={linkError ? styles.linkError : styles.linkHint}>{linkError ?? t('留空即去掉链接；站内页面可填以 / 开头的路径')}</div>
      </Modal>
    </div>
  );
}
