/** What the frame's URL says: the kind of embed (from the path), the report, the workspace and the embed's uid. */
export type EmbedKind = 'report' | 'dashboard' | 'tile' | 'qna' | 'quickCreate' | 'paginated' | 'unknown';

const KINDS: Readonly<Record<string, EmbedKind>> = {
  '/reportEmbed': 'report',
  '/dashboardEmbed': 'dashboard',
  '/tileEmbed': 'tile',
  '/qnaEmbed': 'qna',
  '/quickCreate': 'quickCreate',
  '/rdlEmbed': 'paginated',
};

export interface FrameUrl {
  readonly kind: EmbedKind;
  readonly reportId: string | undefined;
  readonly groupId: string | undefined;
  readonly uid: string | undefined;
}

/** `readFrameUrl(new URL('https://a.example/reportEmbed?reportId=r1'))` → `{ kind: 'report', reportId: 'r1', … }` */
export function readFrameUrl(url: URL): FrameUrl {
  const param = (name: string): string | undefined => url.searchParams.get(name) ?? undefined;
  return {
    kind: KINDS[url.pathname] ?? 'unknown',
    reportId: param('reportId'),
    groupId: param('groupId'),
    uid: param('uid'),
  };
}
