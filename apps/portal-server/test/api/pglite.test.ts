import { openMigratedPglite } from '../helpers/test-app.ts';
import { accountsAndReportsContract } from './accounts-reports-contract.ts';
import { installersContract } from './installers-contract.ts';

accountsAndReportsContract('pglite', openMigratedPglite);
installersContract('pglite', openMigratedPglite);
