import type { Region } from './accounts.ts';

/**
 * The fixed catalogues the fleet is drawn from: printer models and office places. Model names are real product
 * lines; volumes and yields are plausible round figures for their class, not manufacturer specifications.
 */

export interface PrinterModel {
  readonly manufacturer: string;
  readonly model: string;
  readonly isColour: boolean;
  /** Recommended monthly page volume. */
  readonly monthlyDutyCycle: number;
  /** Pages per black toner cartridge at 5% coverage. */
  readonly blackYield: number;
  /** Pages per cyan, magenta or yellow cartridge; 0 for mono models. */
  readonly colourYield: number;
  /** Pages per drum (imaging unit). */
  readonly drumYield: number;
  /** How common the model is in a fleet (relative). */
  readonly prevalence: number;
}

const model = (
  manufacturer: string,
  name: string,
  isColour: boolean,
  monthlyDutyCycle: number,
  [blackYield, colourYield, drumYield]: readonly [number, number, number],
  prevalence: number,
): PrinterModel => ({
  manufacturer,
  model: name,
  isColour,
  monthlyDutyCycle,
  blackYield,
  colourYield,
  drumYield,
  prevalence,
});

export const PRINTER_MODELS: readonly PrinterModel[] = [
  model('HP', 'LaserJet Pro 4002dn', false, 4_000, [9_500, 0, 40_000], 5),
  model('HP', 'LaserJet Enterprise M611dn', false, 15_000, [25_000, 0, 100_000], 4),
  model('HP', 'Color LaserJet Pro MFP 4301fdw', true, 4_000, [3_200, 2_300, 50_000], 4),
  model('HP', 'Color LaserJet Enterprise M555dn', true, 12_000, [12_500, 10_500, 150_000], 3),
  model('Canon', 'imageRUNNER ADVANCE DX C5840i', true, 40_000, [72_000, 60_000, 300_000], 2),
  model('Canon', 'imageRUNNER 2630i', false, 15_000, [10_200, 0, 150_000], 3),
  model('Canon', 'i-SENSYS MF455dw', false, 3_000, [3_100, 0, 30_000], 4),
  model('Ricoh', 'IM C3000', true, 15_000, [33_000, 22_500, 120_000], 3),
  model('Ricoh', 'IM 430F', false, 10_000, [25_000, 0, 90_000], 3),
  model('Ricoh', 'IM C6000', true, 50_000, [33_000, 22_500, 200_000], 1),
  model('Xerox', 'VersaLink C405', true, 5_000, [10_500, 8_000, 60_000], 3),
  model('Xerox', 'AltaLink B8145', false, 50_000, [42_000, 0, 200_000], 1),
  model('Brother', 'HL-L6210DW', false, 4_000, [6_000, 0, 75_000], 4),
  model('Brother', 'MFC-L8900CDW', true, 4_000, [9_000, 6_500, 30_000], 3),
  model('Lexmark', 'CX943adxse', true, 30_000, [53_000, 34_000, 180_000], 1),
  model('Kyocera', 'ECOSYS M3655idn', false, 10_000, [25_000, 0, 500_000], 2),
];

/** Serial-number prefixes in each manufacturer's style. */
export const SERIAL_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  HP: ['CNB', 'VNB', 'PHB', 'JPB'],
  Canon: ['XHB', 'WTM', 'QXK'],
  Ricoh: ['G78', 'C85', '3100'],
  Xerox: ['GXB', '3TB', 'LVA'],
  Brother: ['E7', 'U6', 'E8'],
  Lexmark: ['7564', '7566'],
  Kyocera: ['VCF', 'R4N'],
};

/** Office cities by region. An account takes a handful, starting with its home city. */
export const CITIES: Readonly<Record<Region, readonly string[]>> = {
  EMEA: [
    'London',
    'Manchester',
    'Dublin',
    'Paris',
    'Lyon',
    'Berlin',
    'Munich',
    'Frankfurt',
    'Madrid',
    'Barcelona',
    'Milan',
    'Amsterdam',
    'Warsaw',
    'Stockholm',
    'Zurich',
  ],
  Americas: [
    'New York',
    'Boston',
    'Chicago',
    'Dallas',
    'Austin',
    'Denver',
    'Seattle',
    'San Francisco',
    'Los Angeles',
    'Atlanta',
    'Toronto',
    'Mexico City',
    'São Paulo',
  ],
  APAC: [
    'Tokyo',
    'Osaka',
    'Nagoya',
    'Singapore',
    'Sydney',
    'Melbourne',
    'Seoul',
    'Hong Kong',
    'Bangalore',
    'Shanghai',
  ],
};

/** Buildings on a site; large sites use more of them. */
export const BUILDINGS: readonly string[] = [
  'Main Building',
  'Building A',
  'Building B',
  'Building C',
  'North Wing',
  'South Wing',
  'Tower 1',
  'Tower 2',
  'Annex',
];

/** Where on a floor a printer stands. */
export const AREAS: readonly string[] = [
  'Reception',
  'Finance',
  'HR',
  'Engineering',
  'Sales',
  'Marketing',
  'Legal',
  'IT',
  'Customer Service',
  'Copy Room',
  'Mail Room',
  'Print Room',
  'Executive Suite',
  'Open Office East',
  'Open Office West',
];
