// 文章的封面、正文与附件：门户文章页（服务端组件）与管理端预览（客户端）共用同一版式。
// 不用 hook：标题文字由调用方按语言给出，服务端与客户端都能渲染。
import { PaperClipOutlined } from './icons';
import styles from './content.module.css';

export interface ArticleBodyProps {
  coverUrl: string | null;
  /** 服务端按白名单清洗过的 HTML（lib/platform/html/sanitize.ts） */
  body: string;
  attachments: readonly { url: string; name: string }[];
  /** “附件”（当前语言） */
  attachmentsTitle: string;
  coverMaxHeight?: number;
}

export function ArticleBody({ coverUrl, body, attachments, attachmentsTitle, coverMaxHeight }: ArticleBodyProps) {
  return (
    <>
      {coverUrl && (
        // eslint-disable-next-line @next/next/no-img-element -- 上传的图片由 /files 提供，不经 next/image
        <img src={coverUrl} alt="" className={styles.articleCover} style={coverMaxHeight ? { maxHeight: coverMaxHeight } : undefined} />
      )}
      <div className={styles.article} dangerouslySetInnerHTML={{ __html: body }} />
      {attachments.length > 0 && (
        <ul className={styles.attachments}>
          <li className={styles.attachmentsTitle}>{attachmentsTitle}</li>
          {attachments.map((a) => (
            <li key={a.url}>
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                <PaperClipOutlined /> {a.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
