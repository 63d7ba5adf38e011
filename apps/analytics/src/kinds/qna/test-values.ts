/** A fixed vocabulary of values for the interpreter's unit tests (what a viewer of a few sites would see). */
import type { ColumnValues } from './lexicon.ts';

export const TEST_VALUES: ColumnValues = {
  'Devices.Model': [
    'LaserJet Pro 4002dn',
    'LaserJet Enterprise M611dn',
    'Color LaserJet Pro MFP 4301fdw',
    'imageRUNNER ADVANCE DX C5840i',
    'i-SENSYS MF455dw',
    'IM C3000',
    'VersaLink C405',
    'HL-L6210DW',
  ],
  'Devices.Manufacturer': ['Brother', 'Canon', 'HP', 'Ricoh', 'Xerox'],
  'Devices.Site': ['Berlin', 'London', 'New York', 'São Paulo'],
  'Devices.Colour or mono': ['Colour', 'Mono'],
  'Devices.Serial number': ['CNBAB0012345', 'XHBQZ00A1B2C'],
  'Accounts.Account': ['Fabrikam', 'Contoso EMEA'],
  'Accounts.Customer': ['Fabrikam Inc', 'Contoso Ltd'],
  'Accounts.Region': ['Americas', 'EMEA'],
  'Service alerts.Severity': ['critical', 'info', 'warning'],
  'Service alerts.Code': ['PAPER_JAM', 'TONER_LOW', 'FUSER_ERROR'],
  'Service alerts.Status': ['Closed', 'Open'],
  'Supply levels.Supply': ['black toner', 'cyan toner', 'drum', 'magenta toner', 'yellow toner'],
};
