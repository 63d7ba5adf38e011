/**
 * Selectors pick visuals or slicers by name, by visual type or by target; each kind has a fixed `$schema` URL.
 */
import type { IFilterKeyTarget, IFilterTarget, ISlicerFilter } from './filters.ts';

export interface ISelector {
  $schema: string;
}

export interface IPageSelector extends ISelector {
  pageName: string;
}

export interface IVisualSelector extends ISelector {
  visualName: string;
}

export interface IVisualTypeSelector extends ISelector {
  visualType: string;
}

export type SlicerTarget = IFilterTarget | IFilterKeyTarget;

export interface ISlicerTargetSelector extends ISelector {
  target: SlicerTarget;
}

export type SlicerSelector = IVisualSelector | ISlicerTargetSelector;
export type VisualHeaderSelector = IVisualSelector | IVisualTypeSelector;
export type VisualsHeaderSelector = VisualHeaderSelector;
export type VisualCommandSelector = IVisualSelector | IVisualTypeSelector;
export type CommandExtensionSelector = IVisualSelector | IVisualTypeSelector;

export interface ISlicerState {
  filters: ISlicerFilter[];
  targets?: SlicerTarget[];
}

export interface ISlicer {
  selector: SlicerSelector;
  state: ISlicerState;
}
