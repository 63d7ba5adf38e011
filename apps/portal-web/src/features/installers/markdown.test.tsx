import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, parseBlocks } from './markdown';

describe('the release-notes Markdown renderer', () => {
  it('reads headings, paragraphs and both kinds of list', () => {
    expect(parseBlocks('# Title\n\nOne\ntwo\n\n- a\n- b\n\n1. x\n2. y')).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'One two' },
      { kind: 'list', ordered: false, items: ['a', 'b'] },
      { kind: 'list', ordered: true, items: ['x', 'y'] },
    ]);
  });

  it('draws bold, emphasis, code and http(s) links as elements', () => {
    const { container } = render(
      <Markdown markdown={'Use **bold**, *em*, `PROXY_URL` and [the guide](https://example.com/guide).'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('em');
    expect(container.querySelector('code')?.textContent).toBe('PROXY_URL');
    const link = screen.getByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/guide');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows HTML and script in the notes as text and creates no element from them', () => {
    const hostile =
      '<script>window.pwned = 1</script>\n\n<img src=x onerror="alert(1)">\n\n- <b>not bold</b>';
    const { container } = render(<Markdown markdown={hostile} />);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(container.textContent).toContain('<script>window.pwned = 1</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(screen.getByText('<b>not bold</b>')).toBeInTheDocument();
  });

  it('shows a javascript: or data: link as its text, without an address', () => {
    const { container } = render(
      <Markdown markdown={'[click](javascript:alert(1)) and [data](data:text/html,hi)'} />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('click');
    expect(container.textContent).not.toContain('javascript:');
  });

  it('maps a heading below the level it is given', () => {
    render(<Markdown markdown={'# Fixes\n\n## Details'} headingLevel={4} />);
    expect(screen.getByRole('heading', { level: 4, name: 'Fixes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 5, name: 'Details' })).toBeInTheDocument();
  });
});
