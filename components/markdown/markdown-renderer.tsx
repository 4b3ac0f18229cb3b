'use client';

import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import styles from './markdown.module.css';

/**
 * Markdown from models, tools and project files is untrusted. Three layers keep it inert:
 * raw HTML in the source is never parsed (react-markdown shows it as text without
 * rehype-raw), rehype-sanitize's GitHub schema drops anything that is not plain document
 * markup, and URLs pass react-markdown's allowlist (http, https, mailto, relative), so a
 * `javascript:` or `data:` link becomes an empty href.
 */
const components: Components = {
  // Links open outside the IDE and give the page no handle on it.
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  // An image in model output would be fetched as soon as it renders (a tracking beacon at
  // best); show where it points instead and let the person follow the link.
  img: ({ src, alt }) => {
    const source = typeof src === 'string' ? src : '';
    return (
      <a href={source} target="_blank" rel="noopener noreferrer nofollow" className={styles.imageLink}>
        [image{alt ? `: ${alt}` : ''}]
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
