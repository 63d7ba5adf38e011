/**
 * The settings patches behind the report's menu-command and visual-layout calls: each is a plain
 * function of the current commands or of a page/visual name, so `report.ts` only sends the result.
 */
import {
  CommonErrorCodes,
  LayoutType,
  type Extensions,
  type ICommandExtension,
  type IMenuExtension,
  type IMenuGroupExtension,
  type ISettings,
  type IVisualLayout,
  type MenuLocation,
} from '@portico/models';
import { EmbedErrorCode, embedError } from './errors.ts';

export type MenuKind = 'visualContextMenu' | 'visualOptionsMenu';

/** The arguments of `addContextMenuCommand` and `addOptionsMenuCommand`, defaults applied, in their order. */
export type MenuCommandArgs = [
  commandName: string,
  commandTitle: string,
  menuTitle: string,
  menuLocation: MenuLocation,
  visualName?: string | undefined,
  visualType?: string | undefined,
  groupName?: string | undefined,
  icon?: string | undefined,
];

/** The menu commands and groups of `settings.extensions`, in either of its two shapes. */
export function menusOf(extensions: Extensions | undefined): {
  commands: ICommandExtension[];
  groups: IMenuGroupExtension[];
} {
  if (Array.isArray(extensions))
    return { commands: extensions.flatMap((item) => (item?.command ? [item.command] : [])), groups: [] };
  return { commands: extensions?.commands ?? [], groups: extensions?.groups ?? [] };
}

/** The settings patch that carries the given commands and groups. */
export const extensionSettings = (
  commands: ICommandExtension[],
  groups: IMenuGroupExtension[],
): ISettings => ({
  extensions: { commands, groups },
});

/** The commands with one more: a menu entry, in a group or at a location, for one visual or visual type. */
export function addMenuCommand(
  kind: MenuKind,
  commands: ICommandExtension[],
  [name, title, menuTitle, menuLocation, visualName, visualType, groupName, icon]: MenuCommandArgs,
) {
  const menu: IMenuExtension = groupName
    ? { title: menuTitle, groupName }
    : { title: menuTitle, menuLocation };
  const command: ICommandExtension = { name, title, extend: { [kind]: menu } };
  if (kind === 'visualOptionsMenu') command.icon = icon as string;
  if (visualName) {
    command.selector = { $schema: 'http://powerbi.com/product/schema#visualSelector', visualName };
  }
  if (visualType) {
    command.selector = { $schema: 'http://powerbi.com/product/schema#visualTypeSelector', visualType };
  }
  return [...commands, command];
}

/** The commands without one menu entry (the command stays for its other menu); NotFound when absent. */
export function removeMenuCommand(
  kind: MenuKind,
  commands: ICommandExtension[],
  name: string,
  menuTitle: string,
) {
  const copy = structuredClone(commands);
  const command = copy.find((c) => c.name === name && c.extend[kind]?.title === menuTitle);
  if (!command) {
    throw embedError(
      `Menu command ${name} was not found in ${kind}`,
      EmbedErrorCode.NotFound,
      CommonErrorCodes.NotFound,
    );
  }
  const { [kind]: _removed, ...others } = command.extend;
  command.extend = others;
  if (kind === 'visualOptionsMenu') delete command.icon;
  return copy;
}

/** The custom-layout patch that changes one visual's layout on one page. */
export const visualLayoutSettings = (
  pageName: string,
  visualName: string,
  layout: IVisualLayout,
): ISettings => ({
  layoutType: LayoutType.Custom,
  customLayout: { pagesLayout: { [pageName]: { visualsLayout: { [visualName]: layout } } } },
});

export const isMobileLayout = (layoutType: LayoutType | undefined): boolean =>
  layoutType === LayoutType.MobileLandscape || layoutType === LayoutType.MobilePortrait;
