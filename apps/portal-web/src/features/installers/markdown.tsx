import { Fragment } from 'react';
import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

// A small, strict Markdown subset for release notes, turned into React elements (never HTML): headings (#–######),
// paragraphs, "-", "*" and "1." lists, **bold**, *emphasis* or _emphasis_, `code`, and [links](https://…) to http(s)
// addresses only. Anything else, HTML included, is shown as the text it is.

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

/** The blocks of a Markdown text: blank lines separate paragraphs; list items and headings are single lines. */
export function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d{1,9}[.)]\s+(.*)$/.exec(line);
    if (line === '') {
      flush();
    } else if (heading !== null) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
    } else if (bullet !== null || numbered !== null) {
      flush();
      const ordered = numbered !== null;
      const text = (bullet ?? numbered)?.[1] ?? '';
      const last = blocks.at(-1);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(text);
      else blocks.push({ kind: 'list', ordered, items: [text] });
    } else {
      const last = blocks.at(-1);
      // A line right under a list item continues it.
      if (paragraph.length === 0 && last?.kind === 'list' && /^\s/.test(raw)) {
        last.items[last.items.length - 1] += ` ${line}`;
      } else {
        paragraph.push(line);
      }
    }
  }
  flush();
  return blocks;
}

const INLINE =
  /(`[^`]+`)|(\*\*[^*]+\*\*)|(__[^_]+__)|(\*[^*\s][^*]*\*)|(_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/;

/** Inline spans as React nodes; a link whose address is not http(s) is shown as its text. */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  while (rest !== '') {
    const match = INLINE.exec(rest);
    if (match === null) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const token = match[0];
    const key = `${keyPrefix}-${index++}`;
    if (token.startsWith('`')) {
      nodes.push(<code key={key}>{token.slice(1, -1)}</code>);
    } else if (token.startsWith('**') || token.startsWith('__')) {
      nodes.push(<strong key={key}>{renderInline(token.slice(2, -2), key)}</strong>);
    } else if (token.startsWith('*') || token.startsWith('_')) {
      nodes.push(<em key={key}>{renderInline(token.slice(1, -1), key)}</em>);
    } else {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token);
      const label = link?.[1] ?? token;
      const href = link?.[2] ?? '';
      nodes.push(
        /^https?:\/\/[^\s]+$/i.test(href) ? (
          <Link key={key} href={href} rel="noopener noreferrer" target="_blank">
            {renderInline(label, key)}
          </Link>
        ) : (
          <Fragment key={key}>{label}</Fragment>
        ),
      );
    }
    rest = rest.slice(match.index + token.length);
  }
  return nodes;
}

export interface MarkdownProps {
  markdown: string;
  /** The heading level `#` maps to (release notes sit under a version's own heading). */
  headingLevel?: 3 | 4 | 5;
}

/** Release notes drawn from the Markdown subset above. */
export function Markdown({ markdown, headingLevel = 4 }: MarkdownProps) {
  return (
    <>
      {parseBlocks(markdown).map((block, index) => {
        const key = `b-${index}`;
        if (block.kind === 'heading') {
          const level = Math.min(6, headingLevel + block.level - 1);
          return (
            <Typography
              key={key}
              component={`h${level}` as 'h4'}
              variant="subtitle2"
              sx={{ mt: 1.5, mb: 0.5 }}
            >
              {renderInline(block.text, key)}
            </Typography>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <Typography key={key} component={List} variant="body2" sx={{ my: 0.5, pl: 3 }}>
              {block.items.map((item, itemIndex) => (
                <li key={`${key}-${itemIndex}`}>{renderInline(item, `${key}-${itemIndex}`)}</li>
              ))}
            </Typography>
          );
        }
        return (
          <Typography key={key} variant="body2" sx={{ my: 0.75 }}>
            {renderInline(block.text, key)}
          </Typography>
        );
      })}
    </>
  );
}
