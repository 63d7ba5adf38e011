import { paths } from '../paths';

export interface NavigationContext {
  includeReports: boolean;
  signedIn: boolean;
}

export type MenuLabelKey = `Menu.${'home' | 'reports' | 'about' | 'controlPanelUpgrade' | 'embeddedReports'}`;

export interface NavigationItem {
  to: string;
  labelKey: MenuLabelKey;
  /** Active only on this exact path (home). */
  end?: boolean;
  isVisible?: (context: NavigationContext) => boolean;
}

/** The top navigation, in the spec's order (§2). */
export const navigationItems: readonly NavigationItem[] = [
  { to: paths.home, labelKey: 'Menu.home', end: true },
  { to: paths.reports, labelKey: 'Menu.reports', isVisible: ({ includeReports }) => includeReports },
  { to: paths.about, labelKey: 'Menu.about' },
  {
    to: paths.controlPanelUpgrade,
    labelKey: 'Menu.controlPanelUpgrade',
    isVisible: ({ signedIn }) => signedIn,
  },
  { to: paths.embeddedReports, labelKey: 'Menu.embeddedReports' },
];

export function visibleNavigation(context: NavigationContext): NavigationItem[] {
  return navigationItems.filter((item) => item.isVisible?.(context) ?? true);
}
