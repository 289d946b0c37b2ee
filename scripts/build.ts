import { measureFirstLoad, printBundleReport } from './bundle-report.ts';
import { buildWebApp } from './web-build.ts';

/** `npm run build`: builds the web app and reports the storefront's first-load size against its budget. */
await buildWebApp();
process.exit(printBundleReport(measureFirstLoad()) ? 0 : 1);
