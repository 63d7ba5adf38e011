/**
 * The tree-shaken ECharts build of the frame: bar, line and pie charts with their components, SVG renderer, and
 * the label layout (series' `labelLayout`, which hides data labels that overlap).
 *
 * `echarts/core` installs the label layout itself, but in a module that declares no side effects, so a bundler
 * drops that call: without `LabelLayout` here, `labelLayout` options are silently ignored in the built frame.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  LabelLayout,
  SVGRenderer,
]);

export { echarts };
