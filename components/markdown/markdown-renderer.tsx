'use client';

import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { isImportLink } from '@/lib/state/share/share-location';
import styles from './markdown.module.css';

/**
 * Markdown from models, tools and project files is untrusted. Three layers keep it inert:
 * raw HTML in the source is never parsed (react-markdown shows it as text without
 * rehype-raw), rehype-sanitize's GitHub schema drops anything that is not plain document
 * markup, and URLs pass react-markdown's allowlist (http, https, mailto, relative), so a
 * `javascript:` or `data:` link becomes an empty href. A link whose fragment is a project or
 * run link (`#wb1=…`, `#wbrun2=…`) is shown as its text, not as a link: one click on
 * someone else's words must not open an import dialog.
 */
const components: Components = {
  // Links open outside the IDE and give the page no handle on it.
  a: ({ href, children }) =>
    typeof href === 'string' && isImportLink(href) ? (
      <span data-testid="markdown-import-link" title="A Workerbench project or run link, shown as text: paste it into the address bar to import it.">
        {children}
      </span>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ),
  // An image in model output would be fetched as soon as it renders (a tracking beacon at
  // best); show where it points instead and let the person follow the link.
  img: ({ src, alt }) => {
    const source = typeof src === 'string' ? src : '';
    const label = `[image${alt ? `: ${alt}` : ''}]`;
    if (isImportLink(source)) return <span data-testid="markdown-import-link">{label}</span>;
    return (
      <a href={source} target="_blank" rel="noopener noreferrer nofollow" className={styles.imageLink}>
        {label}
      </a>
    );
  },
};

export function MarkdownRenderer({ text }: { text: string }) {
  return (
    <div className={styles.markdown} data-testid="markdown-rendered">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} urlTransform={defaultUrlTransform} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
