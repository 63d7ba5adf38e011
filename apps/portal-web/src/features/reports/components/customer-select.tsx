import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import { useTranslation } from 'react-i18next';
import { customerLabel } from '../model';
import type { CustomerAccount } from '../model';

export interface CustomerSelectProps {
  customers: readonly CustomerAccount[];
  value: string;
  onChange: (databaseName: string) => void;
}

/** The customer dropdown above the tree (spec §2). */
export function CustomerSelect({ customers, value, onChange }: CustomerSelectProps) {
  const { t } = useTranslation();
  return (
    <FormControl variant="standard" fullWidth>
      <InputLabel htmlFor="reports-customer" shrink>
        {t('Reports.customer')}
      </InputLabel>
      <NativeSelect id="reports-customer" value={value} onChange={(event) => onChange(event.target.value)}>
        {customers.map((customer) => (
          <option key={customer.databaseName} value={customer.databaseName}>
            {customerLabel(customer)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
